import {
  ZMonitoringSection,
  ZMonitoringTemplateInput,
  type TMonitoringSection,
  type TMonitoringTemplate,
  type TMonitoringTemplateInput,
  type TMonitoringTemplateList,
  type ZMonitoringTemplateCopy,
  type ZMonitoringTemplateQuery,
} from '@strata/shared';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../../context.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { iso } from '../../../lib/filters.js';
import { writeAudit } from '../../../platform/audit.js';
import { scopeOf } from '../../contracts/contracts.service.js';
import { contractsInScope, existingInstrumentTypes } from '../reports.repository.js';
import { readLogo } from './logo.js';
import { deleteTemplate, findTemplate, insertTemplate, listTemplates, updateTemplate, type TemplateListRow } from './templates.repository.js';

export const TEMPLATE_NOT_FOUND = 'Template not found';

function present(r: TemplateListRow): TMonitoringTemplate {
  return {
    template_id: r.t.templateId,
    contract_id: r.t.contractId,
    contract_no: r.contractNo,
    name: r.t.name,
    sections: ZMonitoringSection.array().parse(r.t.sections),
    created_by_name: r.createdByName,
    updated_by_name: r.updatedByName,
    created: iso(r.t.createdAt),
    updated: iso(r.t.updatedAt),
  };
}

/** What an audit row keeps of the sections: the logo as its size, not its bytes. */
const auditSections = (sections: readonly TMonitoringSection[]) =>
  sections.map((s) => (s.kind === 'cover' && s.logo ? { ...s, logo: `[${s.logo.length} characters]` } : s));

/**
 * Monitoring templates (issue 20, decision 040): per contract, an ordered list of sections. Contract-scoped like
 * everything else: another contract's template is 404, a contract outside the caller's scope is 400 "Contract not
 * found". Every write is audited.
 */
export class MonitoringTemplatesService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db.orm;
  }

  async list(actor: Actor, q: z.infer<typeof ZMonitoringTemplateQuery>): Promise<TMonitoringTemplateList> {
    const { records, total } = await listTemplates(this.db, scopeOf(actor), {
      contractIds: q.contracts,
      keyword: q.keyword || undefined,
      limit: q.limit,
      skip: q.skip,
    });
    return { records: records.map(present), total_records: total };
  }

  async get(actor: Actor, id: number): Promise<TMonitoringTemplate> {
    return present(await this.row(actor, id));
  }

  private async row(actor: Actor, id: number): Promise<TemplateListRow> {
    const row = await findTemplate(this.db, scopeOf(actor), id);
    if (!row) throw notFound(TEMPLATE_NOT_FOUND);
    return row;
  }

  /** The input checked beyond its schema: the contract in scope, the logo's bytes, the instrument types. */
  private async checked(actor: Actor, body: TMonitoringTemplateInput) {
    const input = ZMonitoringTemplateInput.parse(body);
    await this.contractInScope(actor, input.contract_id);
    input.sections.forEach((s, i) => {
      if (s.kind === 'cover' && s.logo !== null && !readLogo(s.logo)) throw badRequest({ [`sections.${i}.logo`]: 'The logo must be a PNG or JPEG image' });
    });
    for (const [i, s] of input.sections.entries()) {
      if (s.kind !== 'type-tables') continue;
      const ids = [...new Set(s.instrument_type_ids)];
      if ((await existingInstrumentTypes(this.db, ids)).length !== ids.length) {
        throw badRequest({ [`sections.${i}.instrument_type_ids`]: 'Instrument type not found' });
      }
    }
    return input;
  }

  private async contractInScope(actor: Actor, contractId: number): Promise<void> {
    if ((await contractsInScope(this.db, scopeOf(actor), [contractId])).length === 0) throw badRequest({ contract_id: 'Contract not found' });
  }

  async create(actor: Actor, body: TMonitoringTemplateInput): Promise<TMonitoringTemplate> {
    return this.insert(actor, await this.checked(actor, body), 'monitoring-template.create', {});
  }

  private async insert(
    actor: Actor,
    input: z.infer<typeof ZMonitoringTemplateInput>,
    action: string,
    more: Record<string, unknown>,
  ): Promise<TMonitoringTemplate> {
    const now = this.ctx.now();
    const id = await this.db.transaction(async (tx) => {
      const row = await insertTemplate(tx, {
        contractId: input.contract_id,
        name: input.name,
        sections: input.sections,
        createdBy: actor.userId,
        updatedBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      });
      await writeAudit(tx, actor, {
        action,
        entityType: 'monitoring_template',
        entityId: row.templateId,
        after: { ...more, contract_id: input.contract_id, name: input.name, sections: auditSections(input.sections) },
      });
      return row.templateId;
    });
    return this.get(actor, id);
  }

  async update(actor: Actor, id: number, body: TMonitoringTemplateInput): Promise<TMonitoringTemplate> {
    const before = await this.row(actor, id);
    const input = await this.checked(actor, body);
    await this.db.transaction(async (tx) => {
      await updateTemplate(tx, id, {
        contractId: input.contract_id,
        name: input.name,
        sections: input.sections,
        updatedBy: actor.userId,
        updatedAt: this.ctx.now(),
      });
      await writeAudit(tx, actor, {
        action: 'monitoring-template.update',
        entityType: 'monitoring_template',
        entityId: id,
        before: { contract_id: before.t.contractId, name: before.t.name, sections: auditSections(ZMonitoringSection.array().parse(before.t.sections)) },
        after: { contract_id: input.contract_id, name: input.name, sections: auditSections(input.sections) },
      });
    });
    return this.get(actor, id);
  }

  /** A copy of a template under another name, for the same or another contract of the caller. */
  async copy(actor: Actor, id: number, body: z.infer<typeof ZMonitoringTemplateCopy>): Promise<TMonitoringTemplate> {
    const source = await this.get(actor, id);
    const input = await this.checked(actor, { contract_id: body.contract_id, name: body.name, sections: source.sections });
    return this.insert(actor, input, 'monitoring-template.copy', { from_template_id: id });
  }

  async remove(actor: Actor, id: number): Promise<void> {
    const before = await this.row(actor, id);
    await this.db.transaction(async (tx) => {
      await deleteTemplate(tx, id);
      await writeAudit(tx, actor, {
        action: 'monitoring-template.delete',
        entityType: 'monitoring_template',
        entityId: id,
        before: { contract_id: before.t.contractId, name: before.t.name },
      });
    });
  }

  /** The template (with its contract) for generating a report: the caller's scope holds its contract, else 404. */
  async forReport(actor: Actor, id: number): Promise<TMonitoringTemplate> {
    return this.get(actor, id);
  }
}
