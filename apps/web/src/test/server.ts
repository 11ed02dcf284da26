import { http, HttpResponse, ws } from 'msw';
import { setupServer } from 'msw/node';
import { appInfo, configResponse, preferences, syncResponse } from './fixtures';

export const api = (path: string) => `*/api/v1${path}`;

/** The calls every signed-in page makes; tests override them with server.use(). */
export const defaultHandlers = [
  http.get(api('/info'), () => HttpResponse.json(appInfo())),
  http.get(api('/sync'), () => HttpResponse.json(syncResponse(), { headers: { 'x-csrf-token': 'csrf-sync' } })),
  http.get(api('/preferences'), () => HttpResponse.json(preferences())),
  http.get(api('/contracts'), () => {
    const { contracts } = syncResponse();
    return HttpResponse.json({ ...contracts, total_records: contracts.records.length });
  }),
  http.post(api('/preferences'), () => HttpResponse.json({ ok: true })),
  http.post(api('/last-url'), () => HttpResponse.json({ ok: true })),
  http.post(api('/signout'), () => new HttpResponse(null, { status: 204 })),
  // The account session watch of signed-in pages: the session age (idle timer) and the two-factor lookup.
  http.get(api('/config'), () => HttpResponse.json(configResponse())),
  http.get(api('/account/tfa'), () => HttpResponse.json({ tfa_config: false, tfa: false })),
  http.get(api('/announcement'), () => HttpResponse.json(null)),
  // The work space, the default page after sign-in (features/workspace): no instruments, no zones, no sites.
  http.get(api('/instruments'), () => HttpResponse.json({ records: [], total_records: 0 })),
  http.get(api('/zones'), () => HttpResponse.json({ records: [], total_records: 0 })),
  http.get(api('/civil/sites'), () => HttpResponse.json({ records: [], total_records: 0 })),
  // An instrument's QP(D) design values (the predicted lines of its charts): none unless a test says otherwise.
  http.get(api('/instruments/:id/design-values'), ({ params }) =>
    HttpResponse.json({ instrument_id: Number(params.id), instrument_name: '', contract_id: 11, sites: [] }),
  ),
  // The user manual's uploaded documents: none unless a test says otherwise.
  http.get(api('/user-manual/documents'), () => HttpResponse.json({ records: [], total_records: 0 })),
  // The report generation forms' Template select (GET /reports/customized): only Default unless a test says otherwise.
  http.get(api('/reports/customized'), () => HttpResponse.json({ records: [{ template_id: 0, name: 'Default', filename: 'default' }] })),
  // The live connection of the frame: accepted, and silent unless a test says otherwise.
  ws.link('ws://*/api/v1/rtc/ws').addEventListener('connection', () => undefined),
];

export const server = setupServer(...defaultHandlers);
