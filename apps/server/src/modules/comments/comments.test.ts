import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPE } from '@strata/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { auditLog, commentRecipients, comments, notifications, outbox, users } from '../../db/schema/index.js';
import { createContract, createRole, createUser } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';
import { mailsTo } from '../../testing/mail.js';
import { countRows, createInstrument, createType } from '../../testing/master-data.js';

type Method = 'GET' | 'POST' | 'DELETE';

describe('comments on records', () => {
  let t: TestApp;
  const s = {} as Record<'ann' | 'ben' | 'mgr' | 'yuser' | 'admin', Session>;
  const ids = {} as Record<'ann' | 'ben' | 'mgr' | 'yuser' | 'admin' | 'off', number>;
  let contractA: number;
  let noRole: number;
  let typeId: number;
  let instA: number; // contract A: ann, ben, mgr (and the AppAdmin) see it
  let instB: number; // contract B: only yuser (and the AppAdmin) see it
  let instA2: number;
  const api = (who: Session, method: Method, url: string, payload?: object) => as(t, who, { method, url: `/api/v1${url}`, ...(payload ? { payload } : {}) });
  const post = (who: Session, body: Record<string, unknown>) => api(who, 'POST', '/comments', { topic: 'instrument', ref_id: instA, ...body });
  const list = (who: Session, query: string) => api(who, 'GET', `/comments?${query}`);
  const emailOf = (login: string) => `${login}@example.com`;

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://strata.example' });
    const a = await createContract(t.db);
    contractA = a.contractId;
    const b = await createContract(t.db);
    const none = await createRole(t.db, []);
    noRole = none.roleId;
    const managers = await createRole(t.db, ['ManageInstruments']);
    const mk = async (loginName: string, o: Parameters<typeof createUser>[1] = {}) => (await createUser(t.db, { loginName, roleId: none.roleId, ...o })).userId;
    ids.ann = await mk('ann', { contractIds: [a.contractId] });
    ids.ben = await mk('ben', { contractIds: [a.contractId] });
    ids.mgr = await mk('mgr', { roleId: managers.roleId, contractIds: [a.contractId] });
    ids.yuser = await mk('yuser', { userType: USER_TYPE.Contractor, contractIds: [b.contractId] });
    ids.admin = await mk('root', { userType: USER_TYPE.AppAdmin });
    ids.off = await mk('off', { contractIds: [a.contractId], status: 'suspended' });
    for (const [key, login] of [
      ['ann', 'ann'],
      ['ben', 'ben'],
      ['mgr', 'mgr'],
      ['yuser', 'yuser'],
      ['admin', 'root'],
    ] as const) {
      s[key] = await signIn(t, login);
    }
    const { type } = await createType(t.db, 'SM');
    typeId = type.typeId;
    instA = (await createInstrument(t.db, { name: 'SM-1023', contractId: a.contractId, typeId: type.typeId })).instrumentId;
    instA2 = (await createInstrument(t.db, { name: 'SM-1024', contractId: a.contractId, typeId: type.typeId })).instrumentId;
    instB = (await createInstrument(t.db, { name: 'SM-2001', contractId: b.contractId, typeId: type.typeId })).instrumentId;
  });
  afterAll(() => t.close());

  it('posts a trimmed comment, answers it as the list shows it, and audits it', async () => {
    const res = await post(s.ann, {
      comment: '  Settlement trend needs a look.  \n',
      ref_data: 'SM-1023',
      link_uri: `/en/dashboard/search/instrument/${instA}/comments`,
    });
    expect(res.statusCode).toBe(200);
    const c = res.json();
    expect(c).toMatchObject({
      topic: 'instrument',
      ref_id: instA,
      ref_data: 'SM-1023',
      parent_id: null,
      comment: 'Settlement trend needs a look.',
      link_uri: `/dashboard/search/instrument/${instA}/comments`,
      recipients: [],
      sender_id: ids.ann,
      sender_name: 'Test ann',
      replies_count: 0,
      can_delete: true,
    });
    expect(Object.keys(c).sort()).toEqual(
      [
        'can_delete',
        'comment',
        'comment_id',
        'created',
        'link_uri',
        'parent_id',
        'recipients',
        'ref_data',
        'ref_id',
        'replies_count',
        'sender_id',
        'sender_name',
        'topic',
      ].sort(),
    );
    const [audit] = await t.db.orm
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'comments.create'), eq(auditLog.entityId, String(c.comment_id))));
    expect(audit).toMatchObject({
      userId: ids.ann,
      entityType: 'comment',
      after: { topic: 'instrument', ref_id: instA, comment: 'Settlement trend needs a look.', recipients: [] },
    });
  });

  it('lists top-level comments newest first, 10 a page, with replies counted and listed oldest first on demand', async () => {
    // An instrument of its own: the counts below are of every comment on it.
    const inst = (await createInstrument(t.db, { name: 'SM-1025', contractId: contractA, typeId })).instrumentId;
    const topic = `topic=instrument&ref_id=${inst}`;
    const posted: number[] = [];
    for (let i = 1; i <= 12; i++) {
      t.clock.advance(1000);
      const r = await api(s.ann, 'POST', '/comments', { topic: 'instrument', ref_id: inst, comment: `Comment ${i}` });
      posted.push(r.json().comment_id);
    }
    const first = posted[0]!;
    for (const [who, text] of [
      [s.ben, 'Reply one'],
      [s.mgr, 'Reply two'],
      [s.ann, 'Reply three'],
    ] as const) {
      t.clock.advance(1000);
      expect((await api(who, 'POST', '/comments', { topic: 'instrument', ref_id: inst, parent_id: first, comment: text })).statusCode).toBe(200);
    }

    const page1 = (await list(s.ben, topic)).json();
    expect(page1.total_records).toBe(12);
    expect(page1.records.map((r: { comment: string }) => r.comment)).toEqual([
      'Comment 12',
      'Comment 11',
      'Comment 10',
      'Comment 9',
      'Comment 8',
      'Comment 7',
      'Comment 6',
      'Comment 5',
      'Comment 4',
      'Comment 3',
    ]);
    const page2 = (await list(s.ben, `${topic}&limit=10&skip=10`)).json();
    expect(page2.records.map((r: { comment: string }) => r.comment)).toEqual(['Comment 2', 'Comment 1']);
    expect(page2.records[1]).toMatchObject({ comment_id: first, replies_count: 3, can_delete: false });

    const replies = (await list(s.ben, `${topic}&comment_id=${first}&limit=100`)).json();
    expect(replies.total_records).toBe(3);
    expect(replies.records.map((r: { comment: string; parent_id: number; sender_name: string }) => [r.comment, r.parent_id, r.sender_name])).toEqual([
      ['Reply one', first, 'Test ben'],
      ['Reply two', first, 'Test mgr'],
      ['Reply three', first, 'Test ann'],
    ]);
    expect(replies.records.map((r: { can_delete: boolean }) => r.can_delete)).toEqual([true, false, false]);
    const replies2 = (await list(s.ben, `${topic}&comment_id=${first}&limit=2&skip=2`)).json();
    expect(replies2.records.map((r: { comment: string }) => r.comment)).toEqual(['Reply three']);
  });

  it('sends the comment to its recipients: one e-mail each with an absolute link, and a stored notification', async () => {
    const before = await countRows(t.db, outbox);
    const res = await post(s.ann, {
      comment: 'Please check the readings of last week.',
      recipients: ['BEN@example.com', emailOf('mgr'), emailOf('root'), emailOf('ben')],
      link_uri: `/dashboard/search/instrument/${instA}/comments`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().recipients).toEqual([emailOf('ben'), emailOf('mgr'), emailOf('root')]);
    expect((await countRows(t.db, outbox)) - before).toBe(3);

    const [mail] = await mailsTo(t, emailOf('ben'));
    expect(mail!.subject).toContain('New comment on SM-1023');
    expect(mail!.text).toContain('Test ann commented on SM-1023');
    expect(mail!.text).toContain('Please check the readings of last week.');
    expect(mail!.text).toContain(`https://strata.example/en/dashboard/search/instrument/${instA}/comments`);
    expect(mail!.html).toContain(`href="https://strata.example/en/dashboard/search/instrument/${instA}/comments"`);

    const stored = await t.db.orm
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'comment'), eq(notifications.message, 'Test ann commented on SM-1023: Please check the readings of last week.')));
    expect(stored.map((n) => n.userId).sort()).toEqual([ids.ben, ids.mgr, ids.admin].sort());
    expect(stored[0]).toMatchObject({
      message: 'Test ann commented on SM-1023: Please check the readings of last week.',
      linkUri: `/en/dashboard/search/instrument/${instA}/comments`,
      read: false,
    });
    // The recipient sees it among their notifications.
    const bens = (await api(s.ben, 'GET', '/notifications')).json();
    expect(bens.records[0]).toMatchObject({ type: 'comment', link_uri: `/en/dashboard/search/instrument/${instA}/comments` });
  });

  it('links the mail to the record itself when no link is given, and says a reply is a reply', async () => {
    const parent = (await post(s.ann, { comment: 'Parent' })).json();
    const reply = await post(s.ben, { comment: 'I had a look.', parent_id: parent.comment_id, recipients: [emailOf('ann')] });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().link_uri).toBe(`/dashboard/search/instrument/${instA}`);
    const [mail] = await mailsTo(t, emailOf('ann'));
    expect(mail!.subject).toContain('New reply on SM-1023');
    expect(mail!.text).toContain(`https://strata.example/en/dashboard/search/instrument/${instA}\n`);
  });

  it('refuses recipients who cannot see the record, naming them, and changes nothing', async () => {
    const before = { comments: await countRows(t.db, comments), outbox: await countRows(t.db, outbox), notes: await countRows(t.db, notifications) };
    for (const [recipients, named] of [
      [[emailOf('yuser')], emailOf('yuser')], // not assigned to the record's contract
      [[emailOf('off')], emailOf('off')], // suspended
      [['nobody@example.com'], 'nobody@example.com'], // no such user
      [['not-an-address'], 'not-an-address'],
    ] as const) {
      const res = await post(s.ann, { comment: 'Hello', recipients: [emailOf('ben'), ...recipients] });
      expect(res.statusCode, named).toBe(400);
      expect(Object.keys(res.json())).toEqual(['recipients']);
      expect(res.json().recipients).toContain(named);
      expect(res.json().recipients).not.toContain(emailOf('ben'));
    }
    expect({ comments: await countRows(t.db, comments), outbox: await countRows(t.db, outbox), notes: await countRows(t.db, notifications) }).toEqual(before);
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    const before = await countRows(t.db, comments);
    const other = (await api(s.ann, 'POST', '/comments', { topic: 'instrument', ref_id: instA2, comment: 'On another instrument' })).json();
    const parent = (await post(s.ann, { comment: 'A parent' })).json();
    const reply = (await post(s.ann, { comment: 'A reply', parent_id: parent.comment_id })).json();
    const created = 3;
    const cases: [Record<string, unknown>, string][] = [
      [{ comment: '   \n ' }, 'comment'],
      [{ comment: 'x'.repeat(4001) }, 'comment'],
      [{ comment: '<script>alert(1)</script>' }, 'comment'],
      [{ comment: 'Hi', parent_id: other.comment_id }, 'parent_id'], // a comment of another record
      [{ comment: 'Hi', parent_id: reply.comment_id }, 'parent_id'], // replies are one level deep
      [{ comment: 'Hi', parent_id: 999999 }, 'parent_id'],
      [{ comment: 'Hi', link_uri: 'https://evil.example/x' }, 'link_uri'],
      [{ comment: 'Hi', link_uri: '//evil.example/x' }, 'link_uri'],
      [{ comment: 'Hi', link_uri: `/dashboard/search/instrument/${instA2}` }, 'link_uri'], // another record's page
      [{ comment: 'Hi', recipients: Array.from({ length: 51 }, (_, i) => `u${i}@example.com`) }, 'recipients'],
    ];
    for (const [body, field] of cases) {
      const res = await post(s.ann, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(body).slice(0, 80)).toEqual([field]);
    }
    expect((await post(s.ann, { comment: 'x'.repeat(4000) })).statusCode).toBe(200);
    expect(await countRows(t.db, comments)).toBe(before + created + 1);
  });

  it('shows the sender of a deleted account as an empty name', async () => {
    // A user of its own to delete: the recipient search counts every user who sees the record.
    const goneId = (await createUser(t.db, { loginName: 'gone', roleId: noRole, contractIds: [contractA] })).userId;
    const gone = await signIn(t, 'gone');
    const c = (await post(gone, { comment: 'Written before leaving' })).json();
    await t.db.orm.delete(users).where(eq(users.userId, goneId));
    const rows = (await list(s.ben, `topic=instrument&ref_id=${instA}&limit=100`)).json().records as {
      comment_id: number;
      sender_name: string;
      sender_id: number | null;
      can_delete: boolean;
    }[];
    expect(rows.find((r) => r.comment_id === c.comment_id)).toMatchObject({ sender_name: '', sender_id: null, can_delete: false });
  });

  describe('deleting', () => {
    it('lets the author delete their comment, with its replies and recipients, and audits it', async () => {
      const c = (await post(s.ann, { comment: 'To be deleted', recipients: [emailOf('ben')] })).json();
      await post(s.ben, { comment: 'A reply that goes too', parent_id: c.comment_id });
      await post(s.mgr, { comment: 'And another', parent_id: c.comment_id });
      const res = await api(s.ann, 'DELETE', `/comments/${c.comment_id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(await t.db.orm.select().from(comments).where(eq(comments.parentId, c.comment_id))).toEqual([]);
      expect(await t.db.orm.select().from(commentRecipients).where(eq(commentRecipients.commentId, c.comment_id))).toEqual([]);
      const [audit] = await t.db.orm
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'comments.delete'), eq(auditLog.entityId, String(c.comment_id))));
      expect(audit).toMatchObject({
        userId: ids.ann,
        before: { comment: 'To be deleted', sender_id: ids.ann, recipients: [emailOf('ben')], replies_deleted: 2 },
      });
    });

    it("refuses another user's comment with 403 and keeps it", async () => {
      const c = (await post(s.ann, { comment: 'Mine' })).json();
      const res = await api(s.ben, 'DELETE', `/comments/${c.comment_id}`);
      expect(res.statusCode).toBe(403);
      expect(typeof res.json()).toBe('string');
      expect(await t.db.orm.select().from(comments).where(eq(comments.commentId, c.comment_id))).toHaveLength(1);
    });

    it("lets a manager of the record delete anyone's comment or reply (the user type alone is not enough)", async () => {
      const c = (await post(s.ann, { comment: 'Managed away' })).json();
      const r = (await post(s.ben, { comment: 'A reply', parent_id: c.comment_id })).json();
      const listed = (await api(s.mgr, 'GET', `/comments?topic=instrument&ref_id=${instA}&comment_id=${c.comment_id}`)).json();
      expect(listed.records[0].can_delete).toBe(true);
      expect((await api(s.mgr, 'DELETE', `/comments/${r.comment_id}`)).statusCode).toBe(200);
      // Deleting a reply leaves its parent.
      expect((await list(s.ann, `topic=instrument&ref_id=${instA}&comment_id=${c.comment_id}`)).json().total_records).toBe(0);
      // An Application Admin sees every contract, but deleting others' comments takes the record's manage task.
      expect((await api(s.admin, 'DELETE', `/comments/${c.comment_id}`)).statusCode).toBe(403);
      expect((await api(s.mgr, 'DELETE', `/comments/${c.comment_id}`)).statusCode).toBe(200);
      expect(
        await t.db.orm
          .select()
          .from(comments)
          .where(inArray(comments.commentId, [c.comment_id, r.comment_id])),
      ).toEqual([]);
    });

    it('answers 404 for an unknown comment', async () => {
      expect((await api(s.ann, 'DELETE', '/comments/999999')).statusCode).toBe(404);
    });
  });

  describe('scoping by id', () => {
    it('answers 404 to every call on a record of a contract the caller does not hold, and changes nothing', async () => {
      const onB = (await api(s.yuser, 'POST', '/comments', { topic: 'instrument', ref_id: instB, comment: 'On B' })).json();
      const onA = (await post(s.ann, { comment: 'On A' })).json();
      const before = await countRows(t.db, comments);

      expect((await list(s.ann, `topic=instrument&ref_id=${instB}`)).statusCode).toBe(404);
      expect((await list(s.ann, `topic=instrument&ref_id=${instB}&comment_id=${onB.comment_id}`)).statusCode).toBe(404);
      expect((await api(s.ann, 'POST', '/comments', { topic: 'instrument', ref_id: instB, comment: 'Sneaky' })).statusCode).toBe(404);
      expect((await api(s.ann, 'DELETE', `/comments/${onB.comment_id}`)).statusCode).toBe(404);
      expect((await api(s.ann, 'GET', `/users?topic=instrument&ref_id=${instB}`)).statusCode).toBe(404);
      // The other way round, and through a comment id of a record the caller can see, asked as another record's.
      expect((await api(s.yuser, 'DELETE', `/comments/${onA.comment_id}`)).statusCode).toBe(404);
      expect((await list(s.yuser, `topic=instrument&ref_id=${instB}&comment_id=${onA.comment_id}`)).statusCode).toBe(404);
      // Unknown records and categories are not found either.
      expect((await list(s.ann, 'topic=instrument&ref_id=999999')).statusCode).toBe(404);
      expect((await list(s.ann, `topic=borehole&ref_id=${instA}`)).statusCode).toBe(404);
      expect(await countRows(t.db, comments)).toBe(before);
      // The AppAdmin sees every contract.
      expect((await list(s.admin, `topic=instrument&ref_id=${instB}`)).json().records.map((r: { comment: string }) => r.comment)).toContain('On B');
    });

    it('refuses anonymous callers', async () => {
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/comments?topic=instrument&ref_id=${instA}` })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/users?topic=instrument&ref_id=${instA}` })).statusCode).toBe(401);
    });
  });

  describe('recipient search (GET /users)', () => {
    it('finds only the active users who can see the record, with minimal fields, by name or e-mail', async () => {
      const res = await api(s.ann, 'GET', `/users?topic=instrument&ref_id=${instA}&limit=1000`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const emails = body.records.map((u: { email: string }) => u.email);
      expect(emails.sort()).toEqual([emailOf('ann'), emailOf('ben'), emailOf('mgr'), emailOf('root')].sort());
      expect(body.total_records).toBe(4);
      expect(Object.keys(body.records[0]).sort()).toEqual(['email', 'fullname', 'user_id']);

      const ben = (await api(s.ann, 'GET', `/users?topic=instrument&ref_id=${instA}&keyword=BEN`)).json();
      expect(ben.records).toEqual([{ user_id: ids.ben, fullname: 'Test ben', email: emailOf('ben') }]);
      // `%` and `_` are taken literally.
      expect((await api(s.ann, 'GET', `/users?topic=instrument&ref_id=${instA}&keyword=%25`)).json().records).toEqual([]);
      const paged = (await api(s.ann, 'GET', `/users?topic=instrument&ref_id=${instA}&limit=2&skip=3`)).json();
      expect(paged).toMatchObject({ total_records: 4 });
      expect(paged.records).toHaveLength(1);
    });

    it('needs the record: without topic and ref_id it answers field errors', async () => {
      const res = await api(s.ann, 'GET', '/users?keyword=ben');
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json()).sort()).toEqual(['ref_id', 'topic']);
    });
  });
});
