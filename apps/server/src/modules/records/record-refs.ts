import { hasAnyPermission, type PermissionCode } from '@strata/shared';
import type { Executor, SqlFragment as SQL } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { Actor } from '../../context.js';
import { scopeOf } from '../contracts/contracts.service.js';
import type { ContractScope } from '../../db/scope.js';
import {
  CONTRACT_IDS,
  CONTRACT_LISTING,
  findContractRecord,
  findInstrumentRecord,
  findSiteRecord,
  INSTRUMENT_IDS,
  INSTRUMENT_LISTING,
  SITE_IDS,
  SITE_LISTING,
  unionOfListings,
} from './record-refs.repository.js';
import { BOREHOLE_IDS, BOREHOLE_LISTING, findBoreholeRecord } from '../boreholes/boreholes.service.js';
import { findSiteOfTypeRecord, siteOfTypeIds, siteOfTypeListing } from '../construction/construction.service.js';

/**
 * Records that people comment on and attach files to (issue 8), generic over (category, reference id): an instrument
 * now; boreholes, excavation sites, tunnels, alerts and reports register their own resolver as they arrive. Everything
 * attached to a record is scoped through its resolver: a record of a contract the caller does not hold is not found.
 */
export interface RecordRef {
  category: string;
  refId: number;
  contractId: number;
  /** What people call the record (an instrument's name): mail subjects, notification texts. */
  title: string;
  /** The web path of the record's detail page, without query string (links in mail and notifications). */
  path: string;
  /** Holders of any of these may manage what is attached to the record (delete others' comments and files). */
  managePermissions: readonly PermissionCode[];
  /** When set, attaching files to the record also needs one of these (e.g. a contract's "other files"). */
  attachPermissions?: readonly PermissionCode[];
  /** When set, seeing the record and what hangs on it also needs one of these (403 otherwise): an action-log case. */
  viewPermissions?: readonly PermissionCode[];
  /** Nothing may be attached to or deleted from the record any more (a closed action-log case). */
  readOnly?: boolean;
}

export interface RecordResolver {
  category: string;
  /** The record when it exists within `scope`, else undefined. */
  find(db: Executor, scope: ContractScope, refId: number): Promise<Omit<RecordRef, 'category' | 'refId'> | undefined>;
  /**
   * Every record of the category as rows `(ref_id, contract_id, title, path, easting, northing)` (SVY21; null when the
   * record has no location), for lists across records such as the map file search. Unscoped: callers scope on
   * contract_id. A category without one is left out of those lists.
   */
  listing?: SQL;
  /**
   * The ids of every record of the category that exists, as one column `ref_id` (unscoped): the clean-up of what
   * hangs on records (`purge-orphans`) deletes comments and files whose record is not among them.
   */
  existing: SQL;
}

const instrumentResolver: RecordResolver = {
  category: 'instrument',
  async find(db, scope, refId) {
    const row = await findInstrumentRecord(db, scope, refId);
    if (!row) return undefined;
    return { contractId: row.contractId, title: row.name, path: `/dashboard/search/instrument/${refId}`, managePermissions: ['ManageInstruments'] };
  },
  listing: INSTRUMENT_LISTING,
  existing: INSTRUMENT_IDS,
};

const siteResolver: RecordResolver = {
  category: 'site',
  async find(db, scope, refId) {
    const row = await findSiteRecord(db, scope, refId);
    if (!row) return undefined;
    return { contractId: row.contractId, title: row.name, path: `/master-data/construction/site/${refId}`, managePermissions: ['ManageConstructionSites'] };
  },
  listing: SITE_LISTING,
  existing: SITE_IDS,
};

/** A site-investigation borehole: its photos, documents, files and comments (managed with UploadSIBoreholeFiles). */
const boreholeResolver: RecordResolver = {
  category: 'borehole',
  async find(db, scope, refId) {
    const row = await findBoreholeRecord(db, scope, refId);
    if (!row) return undefined;
    return { contractId: row.contractId, title: row.title, path: `/dashboard/search/borehole/${refId}`, managePermissions: ['UploadSIBoreholeFiles'] };
  },
  listing: BOREHOLE_LISTING,
  existing: BOREHOLE_IDS,
};

/**
 * An excavation site (E) or a mined tunnel (MT) as the work space shows it (categories `excavation` and `tunnel`, ref_id
 * = the site id): its photos, documents, files and comments, managed with the site type's activity task or
 * ManageConstructionSites. Listed at the site's centroid (a polygon) or first point (a line).
 */
const constructionSiteResolver = (category: 'excavation' | 'tunnel', type: 'E' | 'MT', manage: PermissionCode): RecordResolver => {
  const pathPrefix = `/dashboard/search/${category}/`;
  return {
    category,
    async find(db, scope, refId) {
      const row = await findSiteOfTypeRecord(db, scope, type, refId);
      if (!row) return undefined;
      return { contractId: row.contractId, title: row.name, path: `${pathPrefix}${refId}`, managePermissions: [manage, 'ManageConstructionSites'] };
    },
    listing: siteOfTypeListing(type, pathPrefix),
    existing: siteOfTypeIds(type),
  };
};

/** A contract itself: its "other files" (/upload/document), uploaded with UploadOtherFiles, managed with DeleteOtherFiles. */
const contractResolver: RecordResolver = {
  category: 'contract',
  async find(db, scope, refId) {
    const row = await findContractRecord(db, scope, refId);
    if (!row) return undefined;
    return {
      contractId: row.contractId,
      title: row.no,
      path: '/upload/document',
      managePermissions: ['DeleteOtherFiles'],
      attachPermissions: ['UploadOtherFiles'],
    };
  },
  listing: CONTRACT_LISTING,
  existing: CONTRACT_IDS,
};

/** The clean-up's audit rows list at most this many of what went (and always the count). */
export const PURGE_AUDIT_LIST = 500;

/** The registry of record categories; one per app (services share it). */
export class RecordRefs {
  private readonly resolvers = new Map<string, RecordResolver>();

  constructor(private readonly db: Executor) {
    this.register(instrumentResolver);
    this.register(siteResolver);
    this.register(contractResolver);
    this.register(boreholeResolver);
    this.register(constructionSiteResolver('excavation', 'E', 'ManageExcavationActivities'));
    this.register(constructionSiteResolver('tunnel', 'MT', 'ManageMinedTunnelActivities'));
  }

  register(resolver: RecordResolver): void {
    if (this.resolvers.has(resolver.category)) throw new Error(`record category ${resolver.category} registered twice`);
    this.resolvers.set(resolver.category, resolver);
  }

  categories(): string[] {
    return [...this.resolvers.keys()];
  }

  /** Every category with the ids of its records that exist (`RecordResolver.existing`), for the clean-up. */
  existing(): { category: string; ids: SQL }[] {
    return [...this.resolvers.values()].map((r) => ({ category: r.category, ids: r.existing }));
  }

  isCategory(category: string): boolean {
    return this.resolvers.has(category);
  }

  /** The record as the actor may see it; 404 for an unknown category, an unknown id or another contract's record. */
  async resolve(
    actor: Pick<Actor, 'userId' | 'userType'> & Partial<Pick<Actor, 'permissions'>>,
    category: string,
    refId: number,
    db: Executor = this.db,
  ): Promise<RecordRef> {
    const resolver = this.resolvers.get(category);
    const found = resolver ? await resolver.find(db, scopeOf(actor), refId) : undefined;
    if (!found) throw notFound();
    if (found.viewPermissions && !hasAnyPermission([...(actor.permissions ?? [])], found.viewPermissions)) throw forbidden();
    return { category, refId, ...found };
  }

  /**
   * Every record of the categories that have a listing, as one relation `(category, ref_id, contract_id, title, path,
   * easting, northing)`; unscoped (callers scope on contract_id).
   */
  listing(): SQL {
    return unionOfListings([...this.resolvers.values()].filter((r): r is RecordResolver & { listing: SQL } => r.listing !== undefined));
  }

  /** True when the actor may attach files to the record (it is visible, so only the category's attach permission counts). */
  canAttach(actor: Pick<Actor, 'permissions'>, record: RecordRef): boolean {
    return !record.readOnly && (!record.attachPermissions || hasAnyPermission([...actor.permissions], record.attachPermissions));
  }

  /** True when the actor may manage what is attached to the record (besides what they wrote themselves). */
  canManage(actor: Pick<Actor, 'permissions'>, record: RecordRef): boolean {
    return hasAnyPermission([...actor.permissions], record.managePermissions);
  }
}
