import {
  EXCAVATION_RECORDS,
  EXCAVATION_UPLOAD_COLUMNS,
  INSTRUMENT_PLAN_UPLOAD_COLUMNS,
  QPD_UPLOAD_COLUMNS,
  TUNNEL_RECORDS,
  TUNNEL_UPLOAD_COLUMNS,
} from '@strata/shared';
import { describe, expect, it } from 'vitest';
import { CONSTRUCTION_UPLOADS, EXCAVATION_KINDS, TUNNEL_KINDS, templatePath } from './records';

describe('the construction file descriptions', () => {
  it('describe every row kind of the contract, in its order', () => {
    expect(EXCAVATION_KINDS.map((k) => k.record)).toEqual([...EXCAVATION_RECORDS]);
    expect(TUNNEL_KINDS.map((k) => k.record)).toEqual([...TUNNEL_RECORDS]);
  });

  it('use every column of the contract in some row kind, and no column twice in one kind', () => {
    for (const [kinds, columns] of [
      [EXCAVATION_KINDS, EXCAVATION_UPLOAD_COLUMNS],
      [TUNNEL_KINDS, TUNNEL_UPLOAD_COLUMNS],
    ] as const) {
      const used = new Set(kinds.flatMap((k) => [...k.required, ...k.optional, ...(k.oneOf ?? [])]));
      expect([...columns].filter((c) => !used.has(c))).toEqual([]);
      for (const kind of kinds) {
        const all = [...kind.required, ...kind.optional, ...(kind.oneOf ?? [])];
        expect(new Set(all).size).toBe(all.length);
        expect(kind.required).toContain('record');
      }
    }
  });

  it('let any of a type’s upload tasks upload it, and name the history task and the templates', () => {
    expect([...CONSTRUCTION_UPLOADS.excavation.uploadTasks].sort()).toEqual(['UploadDesignedValue', 'UploadMCExcavationActivity']);
    expect([...CONSTRUCTION_UPLOADS.tunnel.uploadTasks].sort()).toEqual(['UploadMinedTunnelSequence', 'UploadTunnelShiftReport']);
    expect(CONSTRUCTION_UPLOADS.tunnel.historyTask).toBe('ViewConstructionActivityUploadHistory');
    expect(templatePath('excavation', 'xlsx')).toBe('/uploads/templates/excavation?format=xlsx');
  });

  it('describe the QP(D) and instrument plan files by their columns alone, every column once, with the contract’s tasks', () => {
    for (const [spec, columns] of [
      [CONSTRUCTION_UPLOADS.qpd, QPD_UPLOAD_COLUMNS],
      [CONSTRUCTION_UPLOADS['instrument-plan'], INSTRUMENT_PLAN_UPLOAD_COLUMNS],
    ] as const) {
      expect(spec.kinds).toEqual([]);
      expect([...(spec.required ?? []), ...(spec.optional ?? [])].sort()).toEqual([...columns].sort());
    }
    expect(CONSTRUCTION_UPLOADS.qpd.uploadTasks).toEqual(['UploadDesignedValue']);
    expect(CONSTRUCTION_UPLOADS.qpd.historyTask).toBe('ViewDesignValueUploadHistory');
    expect(CONSTRUCTION_UPLOADS['instrument-plan'].uploadTasks).toEqual(['ManageInstruments']);
    expect(CONSTRUCTION_UPLOADS['instrument-plan'].historyTask).toBe('ViewInstrumentationUploadHistory');
    expect(templatePath('instrument-plan', 'csv')).toBe('/uploads/templates/instrument-plan?format=csv');
  });
});
