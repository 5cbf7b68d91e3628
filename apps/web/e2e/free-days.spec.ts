import { format, parseISO } from 'date-fns';
import { DATE_DISPLAY_FORMAT, DEFAULT_TIME_ZONE } from '@clearport/contract/constants';
import { ContainerFreeDaysResponse, type ContainerFreeDays } from '@clearport/contract/free-days';
import { ShipmentsListResponse } from '@clearport/contract/shipments';
import { POSSIBLE_CHARGES_LABEL } from '@clearport/contract/shipments';
import { expect, test } from './fixtures.ts';
import { openShipment } from './shipment-page.ts';
import { type Api, apiHeaders, apiLogin } from './shipments-api.ts';
import { boxListSettled, pagerCounts, shipmentRows } from './shipments-table.ts';

/*
 * The demurrage and detention watch as an importer meets it, on the demo's containers (seeded
 * from the day the data was made, as a terminal would report them).
 */

const USER = 'primary@demo.test';
const day = (text: string) => format(parseISO(text), DATE_DISPLAY_FORMAT);

async function freeDaysOf(api: Api, shipmentId: number) {
  const response = await api.request.get(`/api/user/shipments/${shipmentId}/containers/free-days`, {
    headers: apiHeaders(api),
  });
  return ContainerFreeDaysResponse.parse(await response.json());
}

/** The first released shipment, by entry number, with a bill, a container still at the terminal and its last free day known. */
async function shipmentWithContainerAtTerminal(api: Api) {
  for (let page = 1; ; page += 1) {
    const response = await api.request.get('/api/user/shipments', {
      params: { page, status: 'released', sort: 'file_number', direction: 'asc' },
      headers: apiHeaders(api),
    });
    const reply = ShipmentsListResponse.parse(await response.json());
    for (const shipment of reply.data) {
      // A delivery order needs a bill of lading too.
      if (shipment.master_bill_lading.length + shipment.house_bill_lading.length === 0) continue;
      const { containers } = await freeDaysOf(api, shipment.id);
      const atTerminal = containers.find(
        (container): container is ContainerFreeDays & { terminal_last_free_day: string } =>
          container.gated_out_at === null && container.terminal_last_free_day !== null,
      );
      if (atTerminal) return { shipment, container: atTerminal, containers };
    }
    if (page >= reply.pagination.last_page) throw new Error('no released shipment with a container at the terminal');
  }
}

test.describe('Demurrage and detention', () => {
  // The user is in the demo companies' zone: the list's badges count the user's day and the
  // possible charges filter the company's (decision 0030), which in a zone west of it differ for
  // the hours after the company's midnight, and a listed shipment would show a plain "LFD" then.
  test.use({ timezoneId: DEFAULT_TIME_ZONE });

  test('Home’s Possible Charges box opens the list of them, and a shipment shows its containers’ dates', async ({
    page,
    signIn,
  }) => {
    await signIn(USER);
    const box = page
      .getByRole('region', { name: 'Shipment counts' })
      .getByRole('link')
      .filter({ hasText: POSSIBLE_CHARGES_LABEL });
    await expect(box).toHaveText(new RegExp(`^\\d+ ${POSSIBLE_CHARGES_LABEL}$`));
    const count = Number((await box.innerText()).split(/\s/)[0]);
    expect(count).toBeGreaterThan(0);

    await box.click();
    await expect(page).toHaveURL(/\/shipments\?filter=possible-charges$/);
    await boxListSettled(page, POSSIBLE_CHARGES_LABEL);
    expect((await pagerCounts(page)).total).toBe(count);
    // Every shipment listed says which last free day runs out, and that it does within 3 days or has.
    const badges = shipmentRows(page).getByText(/^(Demurrage|Detention) · LFD |^(Pick up|Return) (by |today)/);
    await expect(badges).toHaveCount(await shipmentRows(page).count());

    const first = shipmentRows(page).first();
    const title = await first.getByTitle(/^Last free day /).getAttribute('title');
    const lastFreeDay = title!.replace('Last free day ', '');
    await first.getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Shipment # /);
    const panel = page.getByRole('region', { name: 'Containers: free days' });
    // The container whose day it is: its last free day (or return day) and a state that costs or is due.
    // Matched on the date itself, not on any text of the card: another container's history may name it,
    // and one gated out may show a terminal's last free day that no longer counts.
    const dayOfIt = page.getByRole('definition').filter({ hasText: new RegExp(`^${lastFreeDay}$`) });
    const costsOrIsDue = page.getByRole('heading', {
      level: 3,
      name: /Pick up today|Pick up within|Return today|Return within|Demurrage for|Detention for/,
    });
    await expect(
      panel.getByRole('article').filter({ has: dayOfIt }).filter({ has: costsOrIsDue }).first(),
    ).toBeVisible();
  });

  test('the delivery order editor warns when the pick-up date is after a container’s last free day', async ({
    page,
    request,
    signIn,
  }) => {
    const api = await apiLogin(request, USER);
    const { shipment, container, containers } = await shipmentWithContainerAtTerminal(api);
    await openShipment(page, (path) => signIn(USER, path), shipment.id, shipment.file_number);

    // The shipment page shows the container's last free day.
    const panel = page.getByRole('region', { name: 'Containers: free days' });
    const card = panel.getByRole('article', { name: container.container_no });
    await expect(card.getByText('Last free day', { exact: true })).toBeVisible();
    await expect(card.getByRole('definition').nth(2)).toHaveText(day(container.terminal_last_free_day));

    const orders = page.getByRole('region', { name: 'Delivery orders', exact: true });
    await orders.getByRole('button', { name: 'New Delivery Order' }).click();
    const editor = orders.getByRole('article', { name: 'New delivery order (not saved)' });
    const checkbox = editor.getByRole('checkbox', { name: new RegExp(`^${container.container_no}`) });
    if (containers.length > 1) await checkbox.check();
    await expect(checkbox).toBeChecked();
    const pickup = editor.getByLabel('Pick-up date');
    await pickup.fill(container.terminal_last_free_day);
    await expect(editor.getByText(/after the last free day/)).toHaveCount(0);
    const dayAfter = format(parseISO(container.terminal_last_free_day).getTime() + 36 * 3_600_000, 'yyyy-MM-dd');
    await pickup.fill(dayAfter);
    const warning = editor.getByRole('status').filter({ hasText: 'after the last free day' });
    await expect(warning).toContainText(
      `A pick-up on ${day(dayAfter)} is after the last free day of ${container.container_no} (${day(container.terminal_last_free_day)})`,
    );
    await expect(pickup).toHaveAttribute('aria-describedby', (await warning.getAttribute('id'))!);

    // A day February does not have leaves the field without a value; Save says so instead of dropping it.
    await pickup.fill('');
    await pickup.pressSequentially('02302027');
    await expect(pickup).toHaveValue('');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(
      editor.getByText('Enter a pick-up date the calendar has, as 12/02/2026, or clear the field.'),
    ).toBeVisible();
    await expect(pickup).toHaveAttribute('aria-invalid', 'true');
  });
});
