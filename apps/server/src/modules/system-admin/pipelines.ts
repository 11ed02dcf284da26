/**
 * The background pipelines shown on Realtime Processes: each is one or more pg-boss queues. Modules that add a
 * queue to a pipeline register it here (e.g. the ingest issue: `registerPipelineQueue('ingest', 'upload-parse')`).
 */
export interface PipelineDef {
  name: string;
  label: string;
  queues: string[];
}

const PIPELINES: PipelineDef[] = [
  { name: 'ingest', label: 'Data ingest', queues: ['ingest'] },
  { name: 'alerts', label: 'Alert evaluation', queues: ['alerts-evaluate'] },
  { name: 'reports', label: 'Reports', queues: ['reports'] },
  { name: 'exports', label: 'Exports', queues: ['exports'] },
  { name: 'mail', label: 'Mail delivery', queues: ['mail-deliver'] },
  { name: 'schedules', label: 'Schedules', queues: ['schedules-dispatch'] },
];

export function pipelines(): readonly PipelineDef[] {
  return PIPELINES;
}

export function pipelineByName(name: string): PipelineDef | undefined {
  return PIPELINES.find((p) => p.name === name);
}

export function registerPipelineQueue(pipeline: string, queue: string, label?: string): void {
  let p = PIPELINES.find((x) => x.name === pipeline);
  if (!p) {
    p = { name: pipeline, label: label ?? pipeline, queues: [] };
    PIPELINES.push(p);
  }
  if (!p.queues.includes(queue)) p.queues.push(queue);
}
