/**
 * KML as a DOM and as GeoJSON: `@xmldom/xmldom` parses (stopping at the first XML error rather than guessing), and
 * `@tmcw/togeojson` converts. togeojson finds elements by their plain names (`Polygon`, `Placemark`), so elements
 * written with a namespace prefix (`<kml:Polygon>`, as some GIS exports do) are first renamed to their plain local
 * names in the same namespace. The one reader of KML for boundaries (lib/geo-import.ts) and stations
 * (modules/map-layers/station-points.ts).
 */
import { kml } from '@tmcw/togeojson';
import { DOMParser, onErrorStopParsing, type Document, type Element, type Node } from '@xmldom/xmldom';

export class KmlSyntaxError extends Error {}

const ELEMENT_NODE = 1;

/** Renames every prefixed element under `node` to its local name (attributes and children moved with it). */
function dropPrefixes(doc: Document, node: Node): void {
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType !== ELEMENT_NODE) continue;
    let element = child as Element;
    if (element.prefix) {
      const plain = doc.createElementNS(element.namespaceURI, element.localName ?? element.tagName);
      for (let i = 0; i < element.attributes.length; i++) {
        const a = element.attributes.item(i)!;
        plain.setAttributeNS(a.namespaceURI, a.name, a.value);
      }
      while (element.firstChild) plain.appendChild(element.firstChild);
      node.replaceChild(plain, element);
      element = plain;
      child = plain;
    }
    dropPrefixes(doc, element);
  }
}

/** The KML text as a DOM with plain element names; throws KmlSyntaxError when it is not well-formed XML. */
export function parseKml(text: string): Document {
  let doc: Document;
  try {
    doc = new DOMParser({ onError: onErrorStopParsing }).parseFromString(text.replace(/^\ufeff/, ''), 'text/xml');
  } catch {
    throw new KmlSyntaxError('The file is not valid KML');
  }
  dropPrefixes(doc, doc);
  return doc;
}

/** The features of a parsed KML document as GeoJSON (WGS84, as KML always is). */
export function kmlFeatures(doc: Document): ReturnType<typeof kml> {
  return kml(doc as unknown as Parameters<typeof kml>[0]);
}
