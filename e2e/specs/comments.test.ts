import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiCall, apiSignIn, waitForMail, type ApiSession } from '../support/api.js';
import { DEMO, DESKTOP, expectNoSideScroll, newPage, PHONE, RUN, signInThroughUi } from '../support/browser.js';
import { reportOnFailure } from '../support/diagnostics.js';

const RECIPIENT_EMAIL = 'authority@strata.example';

interface Instrument {
  instrument_id: number;
  name: string;
}

/** A demo instrument of the contractor's first contract (the contractor can see it; so can the authority). */
async function demoInstrument(session: ApiSession): Promise<Instrument> {
  const contracts = await apiCall<{ records: { contract_id: number; no: string }[] }>(session, 'GET', '/contracts?limit=100');
  const contract = contracts.records.find((c) => c.no === 'T301') ?? contracts.records[0]!;
  const list = await apiCall<{ records: Instrument[] }>(session, 'GET', `/instruments?contracts=[${contract.contract_id}]&limit=5`);
  return list.records[0]!;
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/strata-cm-${name}.png`, fullPage: false });
}

function commentsRegion(page: Page) {
  return page.getByRole('region', { name: 'Comments' });
}

reportOnFailure();

test.describe('comments on an instrument, as a person', () => {
  let browser: Browser;
  let admin: ApiSession;
  let contractor: ApiSession;
  let instrument: Instrument;

  test.beforeAll(async ({ browser: shared }) => {
    browser = shared;
    test.setTimeout(120_000); // hooks get more time than a test (sign-ins and demo data look-ups through the API)
    admin = await apiSignIn(DEMO.admin.login, DEMO.admin.password);
    contractor = await apiSignIn(DEMO.contractor.login, DEMO.contractor.password);
    instrument = await demoInstrument(contractor);
  });

  test('posts a comment to a recipient, replies, shows and hides the replies, and deletes the comment', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const path = `/en/dashboard/search/instrument/${instrument.instrument_id}/comments`;
    await page.goto(`/en/account/login?redirect=${encodeURIComponent(path)}`);
    await signInThroughUi(page, DEMO.contractor.login, DEMO.contractor.password);
    await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
    const region = commentsRegion(page);
    await region
      .getByText('No comments yet')
      .or(region.getByRole('list', { name: 'Comments' }))
      .first()
      .waitFor({ timeout: 15_000 });

    // Write a comment (with spaces around it: it is sent trimmed) and send it to the authority's engineer.
    const text = `Settlement at ${instrument.name} needs a look (${RUN}).`;
    const form = region.getByRole('form', { name: 'Write a comment' });
    await form.getByRole('textbox', { name: 'Write a comment' }).fill(`   ${text}   `);
    const picker = form.getByRole('combobox', { name: 'Send to' });
    await picker.click();
    await picker.pressSequentially('benj', { delay: 50 });
    await page.getByRole('option', { name: /Benjamin Lim/ }).click({ timeout: 10_000 });
    await expect(form.getByRole('button', { name: 'Benjamin Lim' })).toBeVisible();
    await form.getByRole('button', { name: 'Post' }).click();

    const mine = region.getByRole('article', { name: `Comment by ${DEMO.contractor.fullname}` }).filter({ hasText: text });
    await mine.waitFor({ timeout: 10_000 });
    await expect(mine.getByText(`To: ${RECIPIENT_EMAIL}`)).toBeVisible();

    // The recipient's mail is in the outbox (read by the admin through the API), with a link back to the comments.
    const mail = await waitForMail(admin, RECIPIENT_EMAIL, `New comment on ${instrument.name}`);
    expect(mail.text).toContain(text);
    expect(mail.text).toContain(`/en/dashboard/search/instrument/${instrument.instrument_id}/comments`);

    // Reply to it.
    await mine.getByRole('button', { name: 'Reply' }).click();
    const replyForm = region.getByRole('form', { name: 'Write a reply' });
    await replyForm.getByRole('textbox', { name: 'Write a reply' }).fill(`On it (${RUN}).`);
    await replyForm.getByRole('button', { name: 'Reply' }).click();
    const replies = region.getByRole('list', { name: `Replies to ${DEMO.contractor.fullname}` });
    await replies.getByText(`On it (${RUN}).`).waitFor({ timeout: 10_000 });
    await shot(page, 'desktop');

    // Hide and show the replies.
    await mine.getByRole('button', { name: 'Hide replies' }).click();
    await replies.waitFor({ state: 'detached', timeout: 5000 });
    await mine.getByRole('button', { name: 'Show 1 reply' }).click();
    await replies.getByText(`On it (${RUN}).`).waitFor({ timeout: 10_000 });

    // The same tab on a phone.
    const phone = await newPage(browser, PHONE);
    await phone.page.goto('/en/account/login');
    await signInThroughUi(phone.page, DEMO.contractor.login, DEMO.contractor.password);
    await phone.page.waitForURL((url) => !url.pathname.endsWith('/login'), { timeout: 15_000 });
    await phone.page.goto(path);
    await commentsRegion(phone.page).getByText(text).waitFor({ timeout: 15_000 });
    await commentsRegion(phone.page).scrollIntoViewIfNeeded();
    await shot(phone.page, 'phone');
    await expectNoSideScroll(phone.page);
    await phone.context.close();

    // Delete the comment (its reply goes with it).
    await mine.getByRole('button', { name: 'Delete' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Delete Comment' });
    await dialog.getByText('Are you sure you want to delete this comment?').waitFor({ timeout: 5000 });
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByText('Comment successfully deleted').waitFor({ timeout: 10_000 });
    await mine.waitFor({ state: 'detached', timeout: 10_000 });
    const left = await apiCall<{ records: { comment: string }[] }>(
      contractor,
      'GET',
      `/comments?topic=instrument&ref_id=${instrument.instrument_id}&limit=100`,
    );
    expect(left.records.map((r) => r.comment)).not.toContain(text);
    await context.close();
  });
});
