import type { TAlertTemplateBody } from '@strata/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { api, server } from '../../../test/server';
import { group, scenario, template } from '../test-data';
import { useDeleteGroup, useGroups, useSaveGroup } from './groups';
import { useDeleteScenario, useSaveScenario, useScenarios } from './scenarios';
import { useDeleteTemplate, useSaveTemplate, useTemplates } from './templates';

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

const PAGE = { limit: 10, skip: 0 };

/** How often each list was asked for: its `total_records` counts them, so a refetch shows as a new total. */
function serveLists() {
  const asked = { templates: 0, groups: 0, scenarios: 0 };
  const counted = (name: keyof typeof asked) => () => {
    asked[name] += 1;
    return HttpResponse.json({ records: [], total_records: asked[name] });
  };
  server.use(
    http.get(api('/alert-templates'), counted('templates')),
    http.get(api('/monitoring-groups'), counted('groups')),
    http.get(api('/alert-scenarios'), counted('scenarios')),
    http.post(api('/alert-templates'), () => HttpResponse.json(template({ template_id: 4 }))),
    http.delete(api('/alert-templates/:id'), () => HttpResponse.json({ ok: true })),
    http.put(api('/monitoring-groups/:id'), () => HttpResponse.json(group({ name: 'West wall (east)' }))),
    http.delete(api('/monitoring-groups/:id'), () => HttpResponse.json({ ok: true })),
    http.put(api('/alert-scenarios/:id'), () => HttpResponse.json(scenario({ name: 'Two sensors' }))),
    http.delete(api('/alert-scenarios/:id'), () => HttpResponse.json({ ok: true })),
  );
  return asked;
}

function useLists() {
  return {
    templates: useTemplates({ category: 'instrument', keyword: '', ...PAGE }),
    groups: useGroups({ contracts: '[11]', ...PAGE }),
    scenarios: useScenarios({ contracts: '[11]', ...PAGE }),
  };
}

const TEMPLATE_BODY: TAlertTemplateBody = {
  name: 'Night shift',
  category: 'instrument',
  kinds: [],
  levels: [],
  contract_ids: [],
  instrument_ids: [],
  group_ids: [],
  scenario_ids: [],
  role_ids: [],
  user_ids: [],
  channels: ['notification'],
  parameters: {},
  active: true,
};

describe('what the alert-rule screens ask for again after a change', () => {
  it('a saved or deleted template refreshes the template lists, and only them', async () => {
    const asked = serveLists();
    const { result } = renderHook(() => ({ ...useLists(), save: useSaveTemplate(), remove: useDeleteTemplate() }), { wrapper });
    await waitFor(() => expect(result.current.templates.data?.total_records).toBe(1));
    await waitFor(() => expect(result.current.scenarios.data?.total_records).toBe(1));

    await act(async () => void (await result.current.save.mutateAsync({ body: TEMPLATE_BODY })));
    await waitFor(() => expect(result.current.templates.data?.total_records).toBe(2));

    await act(async () => void (await result.current.remove.mutateAsync(4)));
    await waitFor(() => expect(result.current.templates.data?.total_records).toBe(3));
    expect(asked.groups).toBe(1);
    expect(asked.scenarios).toBe(1);
  });

  it('a saved or deleted monitoring group refreshes the groups, and the scenarios (which name groups)', async () => {
    serveLists();
    const { result } = renderHook(() => ({ ...useLists(), save: useSaveGroup(), remove: useDeleteGroup() }), { wrapper });
    await waitFor(() => expect(result.current.groups.data?.total_records).toBe(1));
    await waitFor(() => expect(result.current.scenarios.data?.total_records).toBe(1));

    await act(async () => void (await result.current.save.mutateAsync({ id: 8, body: { name: 'West wall (east)' } })));
    await waitFor(() => expect(result.current.groups.data?.total_records).toBe(2));
    await waitFor(() => expect(result.current.scenarios.data?.total_records).toBe(2));

    await act(async () => void (await result.current.remove.mutateAsync(8)));
    await waitFor(() => expect(result.current.groups.data?.total_records).toBe(3));
    await waitFor(() => expect(result.current.scenarios.data?.total_records).toBe(3));
  });

  it('a saved or deleted scenario refreshes the scenario list', async () => {
    serveLists();
    const { result } = renderHook(() => ({ ...useLists(), save: useSaveScenario(), remove: useDeleteScenario() }), { wrapper });
    await waitFor(() => expect(result.current.scenarios.data?.total_records).toBe(1));

    await act(async () => void (await result.current.save.mutateAsync({ id: 6, body: { name: 'Two sensors' } })));
    await waitFor(() => expect(result.current.scenarios.data?.total_records).toBe(2));

    await act(async () => void (await result.current.remove.mutateAsync(6)));
    await waitFor(() => expect(result.current.scenarios.data?.total_records).toBe(3));
  });
});
