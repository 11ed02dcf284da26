import {
  DEFAULT_REPORT_TEMPLATE,
  reportTypeInfo,
  ZCustomTemplateBody,
  ZTemplateSection,
  type TCustomizedList,
  type TCustomTemplate,
  type TCustomTemplateBody,
  type TCustomTemplateInput,
  type TCustomTemplateList,
  type TCustomTemplateListQuery,
  type TReportCatalog,
} from '@strata/shared';
import { z } from 'zod';
import type { Actor, AppContext } from '../../../context.js';
import { badRequest, forbidden, notFound } from '../../../lib/errors.js';
import { iso } from '../../../lib/filters.js';
import { writeAudit } from '../../../platform/audit.js';
import { scopeOf } from '../../contracts/contracts.service.js';
import { readLogo } from '../full-monitoring/logo.js';
import type { ReportRegistry } from '../report-registry.js';
import type { ReportCatalog } from '../report-types.js';
import { contractsInScope, existingInstrumentTypes } from '../reports.repository.js';
import {
  deleteTemplate,
  existingZones,
  findTemplate,
  insertTemplate,
  listTemplates,
  templateOptions,
  updateTemplate,
  type TemplateListRow,
  type TemplateRow,
} from './custom-templates.repository.js';
import { resetScheduleTemplate } from '../schedules/report-schedules.repository.js';

export const TEMPLATE_NOT_FOUND = 'Report template not found';

const ZChart = ZCustomTemplateBody.shape.chart;
const ZWorkbookInfo = z.object({ placeholders: z.array(z.string()), tables: z.array(z.string()), sheets: z.array(z.string()) });

/** The stored row as the body it was saved from. */
export function bodyOf(t: TemplateRow): TCustomTemplateBody {
  return {
    name: t.name,
    report_type: t.reportType,
    contract_id: t.contractId,
    title: t.title,
    logo: t.logo,
    header_text: t.headerText,
    footer_text: t.footerText,
    sections: ZTemplateSection.array().parse(t.sections),
    instrument_type_ids: z.array(z.number()).parse(t.instrumentTypeIds),
    zone_ids: z.array(z.number()).parse(t.zoneIds),
    chart: ZChart.parse(t.chart),
    decimals: t.decimals,
    length_unit: t.lengthUnit,
    language: t.language,
  };
}

function present(r: TemplateListRow): TCustomTemplate {
  const t = r.t;
  return {
    ...bodyOf(t),
    template_id: t.templateId,
    report_type_name: reportTypeInfo(t.reportType)?.name ?? t.reportType,
    contract_no: r.contractNo,
    filename: t.workbookName ?? DEFAULT_REPORT_TEMPLATE.filename,
    workbook: t.workbookKey && t.workbookSize !== null ? { size: t.workbookSize, ...ZWorkbookInfo.parse(t.workbookInfo) } : null,
    created_by_name: r.createdByName,
    created: iso(t.createdAt),
    updated: iso(t.updatedAt),
  };
}

/** What an audit row keeps of a body: the logo as its size, not its bytes. */
export const auditBody = (b: TCustomTemplateBody) => ({ ...b, logo: b.logo ? `[${b.logo.length} characters]` : null });

const valuesOf = (b: TCustomTemplateBody) => ({
  name: b.name,
  reportType: b.report_type,
  contractId: b.contract_id,
  title: b.title,
  logo: b.logo,
  headerText: b.header_text,
  footerText: b.footer_text,
  sections: b.sections,
  instrumentTypeIds: b.instrument_type_ids,
  zoneIds: b.zone_ids,
  chart: b.chart,
  decimals: b.decimals,
  lengthUnit: b.length_unit,
  language: b.language,
});

/** The unknown section or column key of `sections` in the type's catalog, as a field error; null when all are known. */
export function sectionsError(catalog: ReportCatalog, sections: TCustomTemplateBody['sections']): Record<string, string> | null {
  const seen = new Set<string>();
  for (const [i, s] of sections.entries()) {
    const known = catalog.sections.find((c) => c.key === s.key);
    if (!known) return { [`sections.${i}.key`]: `Unknown section ${s.key}` };
    if (seen.has(s.key)) return { [`sections.${i}.key`]: `Section ${s.key} is chosen twice` };
    seen.add(s.key);
    const columns = new Set<string>();
    for (const [j, c] of (s.columns ?? []).entries()) {
      if (!known.columns.some((k) => k.key === c)) return { [`sections.${i}.columns.${j}`]: `Unknown column ${c} of section ${s.key}` };
      if (columns.has(c)) return { [`sections.${i}.columns.${j}`]: `Column ${c} is chosen twice` };
      columns.add(c);
    }
  }
  return null;
}

/**
 * Custom report templates (issue 21, decision 041): per report type and contract (or every contract). A template of a
 * contract outside the caller's scope is 404; one of every contract is seen by all and written only by a caller who
 * sees every contract (403). Every write is audited.
 */
export class CustomTemplatesService {
  constructor(
    readonly ctx: AppContext,
    private readonly types: ReportRegistry,
  ) {}

  private get db() {
    return this.ctx.db.orm;
  }

  /** The catalog of a type a template may be made for (not full-monitoring, which has monitoring templates). */
  catalogOf(type: string): ReportCatalog | undefined {
    const def = this.types.get(type);
    return def && def.code !== 'full-monitoring' && !def.ownRoute ? def.catalog : undefined;
  }

  catalog(type: string): TReportCatalog {
    const catalog = this.catalogOf(type);
    if (!catalog) throw notFound('Unknown report type');
    return { report_type: type, sections: catalog.sections.map((s) => ({ key: s.key, label: s.label, columns: [...s.columns] })), charts: catalog.charts };
  }

  async customized(actor: Actor, q: { type?: string | undefined; contract_id?: number | undefined }): Promise<TCustomizedList> {
    const scope = scopeOf(actor);
    if (q.contract_id !== undefined && (await contractsInScope(this.db, scope, [q.contract_id])).length === 0) {
      return { records: [{ ...DEFAULT_REPORT_TEMPLATE }] };
    }
    const rows = await templateOptions(this.db, scope, { reportType: q.type, contractId: q.contract_id });
    return {
      records: [
        { ...DEFAULT_REPORT_TEMPLATE },
        ...rows.map((r) => ({ template_id: r.templateId, name: r.name, filename: r.workbookName ?? DEFAULT_REPORT_TEMPLATE.filename })),
      ],
    };
  }

  async list(actor: Actor, q: TCustomTemplateListQuery): Promise<TCustomTemplateList> {
    const { records, total } = await listTemplates(this.db, scopeOf(actor), {
      keyword: q.keyword || undefined,
      reportType: q.report_type || undefined,
      contractId: q.contract_id,
      limit: q.limit,
      skip: q.skip,
    });
    return { records: records.map(present), total_records: total };
  }

  async get(actor: Actor, id: number): Promise<TCustomTemplate> {
    return present(await this.row(actor, id));
  }

  /** The template when the caller sees it (404 otherwise). */
  async row(actor: Actor, id: number): Promise<TemplateListRow> {
    const row = await findTemplate(this.db, scopeOf(actor), id);
    if (!row) throw notFound(TEMPLATE_NOT_FOUND);
    return row;
  }

  /** The template when the caller may change it: they see it, and a template of every contract needs every contract. */
  async writable(actor: Actor, id: number): Promise<TemplateListRow> {
    const row = await this.row(actor, id);
    if (row.t.contractId === null && !scopeOf(actor).all) throw forbidden('Only a user of every contract may change a template of every contract');
    return row;
  }

  /** The body checked beyond its schema: the type, the contract, the catalog's keys, the logo, types and zones. */
  private async checked(actor: Actor, input: TCustomTemplateInput): Promise<TCustomTemplateBody> {
    const parsed = ZCustomTemplateBody.safeParse(input);
    if (!parsed.success) throw badRequest({ [parsed.error.issues[0]?.path.join('.') || 'body']: parsed.error.issues[0]?.message ?? 'Invalid' });
    const body = parsed.data;
    const catalog = this.catalogOf(body.report_type);
    if (!catalog) throw badRequest({ report_type: 'Unknown report type' });
    const scope = scopeOf(actor);
    if (body.contract_id === null) {
      if (!scope.all) throw forbidden('Only a user of every contract may make a template of every contract');
    } else if ((await contractsInScope(this.db, scope, [body.contract_id])).length === 0) {
      throw badRequest({ contract_id: 'Contract not found' });
    }
    const keys = sectionsError(catalog, body.sections);
    if (keys) throw badRequest(keys);
    if (body.logo !== null && !readLogo(body.logo)) throw badRequest({ logo: 'The logo must be a PNG or JPEG image' });
    const typeIds = [...new Set(body.instrument_type_ids)];
    if ((await existingInstrumentTypes(this.db, typeIds)).length !== typeIds.length) throw badRequest({ instrument_type_ids: 'Instrument type not found' });
    const zoneIds = [...new Set(body.zone_ids)];
    if ((await existingZones(this.db, zoneIds, body.contract_id)).length !== zoneIds.length) {
      throw badRequest({ zone_ids: body.contract_id === null ? 'Zone not found' : 'A zone does not belong to the template’s contract' });
    }
    return { ...body, instrument_type_ids: typeIds, zone_ids: zoneIds };
  }

  async create(actor: Actor, input: TCustomTemplateInput): Promise<TCustomTemplate> {
    const body = await this.checked(actor, input);
    const now = this.ctx.now();
    const id = await this.db.transaction(async (tx) => {
      const row = await insertTemplate(tx, { ...valuesOf(body), createdBy: actor.userId, createdAt: now, updatedAt: now });
      await writeAudit(tx, actor, { action: 'report-template.create', entityType: 'report_template', entityId: row.templateId, after: auditBody(body) });
      return row.templateId;
    });
    return this.get(actor, id);
  }

  async update(actor: Actor, id: number, input: TCustomTemplateInput): Promise<TCustomTemplate> {
    const before = await this.writable(actor, id);
    const body = await this.checked(actor, input);
    await this.db.transaction(async (tx) => {
      await updateTemplate(tx, id, { ...valuesOf(body), updatedAt: this.ctx.now() });
      await writeAudit(tx, actor, {
        action: 'report-template.update',
        entityType: 'report_template',
        entityId: id,
        before: auditBody(bodyOf(before.t)),
        after: auditBody(body),
      });
    });
    return this.get(actor, id);
  }

  /** Deletes the template and then its workbook file (a file left by a failed removal is only an orphan). */
  async remove(actor: Actor, id: number, removeFile: (key: string) => Promise<void>): Promise<void> {
    const before = await this.writable(actor, id);
    await this.db.transaction(async (tx) => {
      await deleteTemplate(tx, id);
      // Schedules that used it go back to the Default template (the web's delete prompt says so).
      await resetScheduleTemplate(tx, id);
      await writeAudit(tx, actor, {
        action: 'report-template.delete',
        entityType: 'report_template',
        entityId: id,
        before: { ...auditBody(bodyOf(before.t)), filename: before.t.workbookName },
      });
    });
    if (before.t.workbookKey) await removeFile(before.t.workbookKey);
  }
}
