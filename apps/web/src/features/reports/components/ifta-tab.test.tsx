import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IFTA_MESSAGES, type IftaRates, type IftaReturn, type IftaReturnTrip, type FuelPurchaseRow } from '@milepost/contracts/ifta-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, page } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import { FUEL_DELETED_TEXT, FUEL_RECORDED_TEXT, FUEL_SAVED_TEXT, FUEL_STALE_TEXT } from './fuel-purchase-edit';
import { IFTA_CHOOSE_COMPANY_TEXT, IftaTab, noRatesText, rateMatrixImportedText, recordedOnPageText } from './ifta-tab';
import type { MockCall } from '@/test/api-mock';

const ret: IftaReturn = {
  companyId: 3,
  quarter: '2026Q3',
  totalMiles: 1011,
  totalGallons: 201,
  mpg: 5.03,
  rows: [
    {
      jurisdiction: 'IL',
      totalMiles: 399,
      taxableMiles: 399,
      taxableGallons: 79,
      taxPaidGallons: 150,
      netTaxableGallons: -71,
      ratePerGallon: 0.467,
      surchargePerGallon: 0,
      surchargeDue: 0,
      taxDue: -33.16,
      trips: 2,
      purchases: 1,
    },
    {
      jurisdiction: 'IN',
      totalMiles: 612,
      taxableMiles: 612,
      taxableGallons: 122,
      taxPaidGallons: 51,
      netTaxableGallons: 71,
      ratePerGallon: 0.54,
      surchargePerGallon: 0.11,
      surchargeDue: 13.42,
      taxDue: 38.34,
      trips: 1,
      purchases: 1,
    },
  ],
  totalDue: 18.6,
  notFileable: { trips: 1, miles: 150 },
  warnings: [{ code: 'NOT_FILEABLE', message: '1 trip(s), 150 mi, have only a straight-line estimate and are left out.', items: [] }],
};
const trips: IftaReturnTrip[] = [
  { tripId: 11, truckId: 1, unitNumber: 'T-101', loadNumber: 'LD-1', pickupDateTime: '07/14/2026 10:00:00', miles: 100, source: 'GPS', fileable: true },
  { tripId: 12, truckId: 1, unitNumber: 'T-101', loadNumber: 'LD-2', pickupDateTime: '08/03/2026 10:00:00', miles: 298.7, source: 'ROUTE', fileable: true },
];
const purchase: FuelPurchaseRow = {
  id: 5,
  companyId: 3,
  truckId: 1,
  unitNumber: 'T-101',
  purchasedAt: '07/20/2026 10:00:00',
  jurisdiction: 'IL',
  gallons: 150.25,
  amount: 600,
  vendor: 'Pilot #412',
  city: 'Gary',
  version: 1,
};
const setting = (distanceUnit: 'MILES' | 'KM') => () => ({ id: 1, userId: 1, trailerType: 'TRAILER_53', routingType: 'PRACTICAL', distanceUnit });

const wait = { timeout: 8000 };
afterEach(() => vi.unstubAllGlobals());
const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => Array.from(r.querySelectorAll('th,td')).map((c) => c.textContent));

describe('Reports → IFTA return', () => {
  it('asks for a company first', async () => {
    mockApi({});
    renderWithApp(<IftaTab title="Reports" search={{ tab: 'IFTA' }} onSearchChange={() => {}} viewSwitcher={null} />, { user: makeUser(['CAN_SHOW_REPORTS']) });
    expect(await screen.findByText(IFTA_CHOOSE_COMPANY_TEXT, undefined, wait)).toBeInTheDocument();
  });

  it("shows the warnings on top, the totals and the rows with a credit, and each row's trips and purchases one click away", async () => {
    const { calls } = mockApi({
      'GET /ifta-return': () => ret,
      'GET /ifta-return/trips': () => page(trips),
      'GET /fuel-purchases': () => page([purchase]),
      'GET /user-route-setting/1': setting('MILES'),
    });
    renderWithApp(<IftaTab title="Reports" search={{ tab: 'IFTA', quarter: '2026-Q3', companyId: 3, companyLabel: 'Acme' }} onSearchChange={() => {}} viewSwitcher={null} />, {
      user: makeUser(['CAN_SHOW_REPORTS']),
    });
    const table = await screen.findByRole('table', { name: 'IFTA return' }, wait);
    expect(Object.fromEntries(calls.find((c) => c.url.pathname.endsWith('/ifta-return'))!.url.searchParams)).toEqual({ companyId: '3', quarter: '2026Q3' });
    expect(within(screen.getByRole('region', { name: 'Warnings' })).getByText(/straight-line estimate/)).toBeInTheDocument();
    expect(cells(table)).toEqual([
      ['Jurisdiction', 'Total mi', 'Taxable mi', 'Taxable gal', 'Tax-paid gal', 'Net gal', 'Rate', 'Surcharge', 'Tax due'],
      ['IL', '399', '399', '79', '150', '-71', '0.4670', '$0.00', '−$33.16'],
      ['IN', '612', '612', '122', '51', '71', '0.5400', '$13.42', '$38.34'],
      ['Total', '1 011', '1 011', '201', '201', '0', '', '$13.42', '$5.18'],
    ]);
    const totals = screen.getByLabelText('Totals');
    expect(totals).toHaveTextContent('Fleet MPG5.03');
    expect(totals).toHaveTextContent('Total due$18.60');
    expect(totals).toHaveTextContent('Not fileable1 trips, 150 mi');

    await userEvent.setup().click(screen.getByRole('button', { name: 'IL: trips and purchases' }));
    const tripTable = await screen.findByRole('table', { name: 'Trips in IL' }, wait);
    expect(cells(tripTable)).toEqual([
      ['07/14/2026', 'T-101', 'LD-1', '100.0 mi', 'GPS'],
      ['08/03/2026', 'T-101', 'LD-2', '298.7 mi', 'HERE route'],
    ]);
    const bought = await screen.findByRole('table', { name: 'Purchases in IL' }, wait);
    expect(cells(bought)).toEqual([['07/20/2026 10:00', 'T-101', '150.250 gal', 'Pilot #412']]);
    const asked = calls.find((c) => c.url.pathname.endsWith('/ifta-return/trips'))!.url.searchParams;
    expect(Object.fromEntries(asked)).toMatchObject({ companyId: '3', quarter: '2026Q3', jurisdiction: 'IL' });
    const fuelAsked = calls.find((c) => c.url.pathname.endsWith('/fuel-purchases'))!.url.searchParams;
    expect(Object.fromEntries(fuelAsked)).toMatchObject({ companyId: '3', jurisdiction: 'IL', fromDate: '07/01/2026 00:00:00', toDate: '09/30/2026 23:59:59' });
  });

  it('in KM mode shows km and litres beside the miles and gallons the return keeps', async () => {
    mockApi({ 'GET /ifta-return': () => ret, 'GET /user-route-setting/1': setting('KM') });
    renderWithApp(<IftaTab title="Reports" search={{ quarter: '2026-Q3', companyId: 3 }} onSearchChange={() => {}} viewSwitcher={null} />, {
      user: makeUser(['CAN_SHOW_REPORTS']),
    });
    await screen.findByRole('table', { name: 'IFTA return' }, wait);
    // 1 011 mi = 1 627 km; 201 gal = 761 L.
    await waitFor(() => expect(screen.getByLabelText('Totals')).toHaveTextContent('Total miles1 011(1 627 km)'), wait);
    expect(screen.getByLabelText('Totals')).toHaveTextContent('Total gallons201(761 L)');
  });

  it('the quarter without rates says so; rates are edited and saved with the version read', async () => {
    let saved: unknown;
    const empty: IftaRates = { quarter: '2026Q3', rows: [], version: 0 };
    mockApi({
      'GET /ifta-rates': () => empty,
      'PUT /ifta-rates': (c) => {
        saved = c.body;
        return { quarter: '2026Q3', version: 1, rows: [{ jurisdiction: 'IN', ratePerGallon: 0.61, surchargePerGallon: 0 }] };
      },
    });
    renderWithApp(<IftaTab title="Reports" search={{ quarter: '2026-Q3' }} onSearchChange={() => {}} viewSwitcher={null} />, {
      user: makeUser(['CAN_SHOW_REPORTS', 'CAN_EDIT_FUEL_PURCHASES']),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Tax rates' }, wait));
    expect(await screen.findByText(noRatesText('2026Q3'), undefined, wait)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Add a jurisdiction' }), 'IN');
    const rate = screen.getByRole('textbox', { name: 'IN rate' });
    await user.clear(rate);
    await user.type(rate, '0.61');
    await user.click(screen.getByRole('button', { name: 'Save rates' }));
    await waitFor(() => expect(saved).toEqual({ quarter: '2026Q3', version: 0, rows: [{ jurisdiction: 'IN', ratePerGallon: '0.61', surchargePerGallon: '0.0000' }] }), wait);
    expect(await screen.findByRole('status', undefined, wait)).toHaveTextContent('Rates saved.');
  });

  it('shows rates read-only without CAN_EDIT_FUEL_PURCHASES, and an error the API gives', async () => {
    mockApi({
      'GET /ifta-rates': () => ({ quarter: '2026Q3', version: 2, rows: [{ jurisdiction: 'KY', ratePerGallon: 0.246, surchargePerGallon: 0.1 }] }),
      'GET /ifta-return': () => apiError(404, 'Company not found.', 'NOT_FOUND'),
    });
    renderWithApp(<IftaTab title="Reports" search={{ quarter: '2026-Q3', companyId: 99 }} onSearchChange={() => {}} viewSwitcher={null} />, {
      user: makeUser(['CAN_SHOW_REPORTS']),
    });
    expect(await screen.findByRole('alert', undefined, wait)).toHaveTextContent('Company not found.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tax rates' }));
    const table = await screen.findByRole('table', { name: 'Diesel rates, 2026Q3' }, wait);
    expect(cells(table)[1]).toEqual(['KY', '0.2460', '0.1000']);
    expect(screen.queryByRole('button', { name: 'Save rates' })).toBeNull();
  });
});

describe('Reports → IFTA return → fuel card import', () => {
  it('maps the file column by column (the last mapping filled in), checks it, and imports skipping the invalid lines only when asked', async () => {
    const bodies: Record<string, unknown>[] = [];
    mockApi({
      'GET /ifta-return': () => ret,
      'GET /fuel-purchases': () => page([purchase]),
      'GET /fuel-purchases/import-mapping': () => ({ companyId: 3, mapping: { purchasedAt: 'Date', unit: 'Unit', jurisdiction: 'State', gallons: 'Qty' } }),
      'POST /fuel-purchases/import': (c) => {
        const body = c.body as Record<string, unknown>;
        bodies.push(body);
        return {
          imported: body.dryRun || !body.skipInvalid ? 0 : 1,
          rows: [
            { row: 2, status: 'OK', reason: null },
            { row: 3, status: 'INVALID', reason: 'jurisdiction must be a US state or Canadian province code, like IN or ON' },
          ],
        };
      },
    });
    renderWithApp(<IftaTab title="Reports" search={{ quarter: '2026-Q3', companyId: 3 }} onSearchChange={() => {}} viewSwitcher={null} />, {
      user: makeUser(['CAN_SHOW_REPORTS', 'CAN_EDIT_FUEL_PURCHASES']),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Fuel purchases' }, wait));
    const file = new File(['Unit,Date,State,Qty,Merchant\nT-101,07/02/2026 06:15:00,IL,120.5,Pilot\nT-101,07/03/2026 06:15:00,ZZ,10,Pilot\n'], 'card.csv', { type: 'text/csv' });
    await user.upload(await screen.findByLabelText('Fuel card export', undefined, wait), file);
    const vendor = await screen.findByRole('combobox', { name: /Vendor/ }, wait);
    await waitFor(() => expect((screen.getByRole('combobox', { name: /Gallons/ }) as HTMLSelectElement).value).toBe('Qty'), wait);
    await user.selectOptions(vendor, 'Merchant');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(/Checked: 1 OK, 1 invalid, 0 already imported/, undefined, wait)).toBeInTheDocument();
    expect(screen.getByText(/Line 3: invalid/)).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({
      companyId: 3,
      dryRun: true,
      skipInvalid: false,
      mapping: { purchasedAt: 'Date', unit: 'Unit', jurisdiction: 'State', gallons: 'Qty', vendor: 'Merchant' },
    });
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText(/Nothing was imported/, undefined, wait)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Skip the invalid lines/ }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText(/Imported 1\./, undefined, wait)).toBeInTheDocument();
    expect(bodies[2]).toMatchObject({ dryRun: false, skipInvalid: true });
  });
});

describe('Reports → IFTA return → one fuel purchase', () => {
  const renderFuel = (permissions: string[]) => {
    renderWithApp(<IftaTab title="Reports" search={{ quarter: '2026-Q3', companyId: 3 }} onSearchChange={() => {}} viewSwitcher={null} />, { user: makeUser(permissions) });
  };

  it('is changed with the version read: a wrong field is said under it, a change made meanwhile (409) offers Reload, then the save goes through', async () => {
    const puts: Record<string, unknown>[] = [];
    let stored = purchase;
    mockApi({
      'GET /ifta-return': () => ret,
      'GET /fuel-purchases/import-mapping': () => ({ companyId: 3, mapping: null }),
      'GET /fuel-purchases': () => page([stored]),
      'PUT /fuel-purchases/5': (c) => {
        const body = c.body as Record<string, unknown>;
        puts.push(body);
        if (puts.length === 1) {
          // Someone else changed the vendor meanwhile.
          stored = { ...purchase, vendor: "Love's #301", version: 2 };
          return apiError(409, 'The fuel purchase was changed since it was read: read it again.', 'STALE_VERSION');
        }
        if (puts.length === 2) {
          return Response.json(
            {
              status: 400,
              code: 'VALIDATION_FAILED',
              message: 'purchasedAt must be MM/DD/YYYY HH:mm:ss',
              errors: [{ path: 'body.purchasedAt', message: 'purchasedAt must be MM/DD/YYYY HH:mm:ss' }],
            },
            { status: 400 },
          );
        }
        stored = { ...stored, gallons: Number(body.gallons), version: 3 };
        return stored;
      },
    });
    renderFuel(['CAN_SHOW_REPORTS', 'CAN_EDIT_FUEL_PURCHASES']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Fuel purchases' }, wait));
    await user.click(await screen.findByRole('button', { name: 'Edit the purchase of T-101, 07/20/2026 10:00:00' }, wait));
    const form = screen.getByRole('form', { name: 'Purchase T-101, 07/20/2026 10:00:00' });
    const gallonsField = within(form).getByRole('textbox', { name: 'Gallons' });
    expect(gallonsField).toHaveValue('150.25');

    // Checked before it is sent: more than 500 gallons is said under the field, and nothing is sent.
    await user.clear(gallonsField);
    await user.type(gallonsField, '600');
    await user.click(within(form).getByRole('button', { name: 'Save purchase' }));
    expect(await within(form).findByText(IFTA_MESSAGES.gallons, undefined, wait)).toBeInTheDocument();
    expect(gallonsField).toHaveAttribute('aria-invalid', 'true');
    expect(puts).toHaveLength(0);

    await user.clear(gallonsField);
    await user.type(gallonsField, '120.5');
    await user.click(within(form).getByRole('button', { name: 'Save purchase' }));
    expect(await within(form).findByRole('alert', undefined, wait)).toHaveTextContent(FUEL_STALE_TEXT);
    expect(puts[0]).toEqual({
      truckId: 1,
      purchasedAt: '07/20/2026 10:00:00',
      jurisdiction: 'IL',
      gallons: '120.5',
      amount: '600.00',
      vendor: 'Pilot #412',
      city: 'Gary',
      version: 1,
    });

    // Reload reads the purchase again: the other change and its version are in the form.
    await user.click(within(form).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Vendor' })).toHaveValue("Love's #301"), wait);
    expect(within(form).queryByRole('alert')).toBeNull();

    // The server's field issue goes under its field.
    await user.clear(gallonsField);
    await user.type(gallonsField, '120.5');
    await user.click(within(form).getByRole('button', { name: 'Save purchase' }));
    const when = within(form).getByRole('textbox', { name: /Date and time/ });
    await waitFor(() => expect(when).toHaveAttribute('aria-invalid', 'true'), wait);
    expect(puts[1]).toMatchObject({ gallons: '120.5', vendor: "Love's #301", version: 2 });

    await user.click(within(form).getByRole('button', { name: 'Save purchase' }));
    expect(await screen.findByText(FUEL_SAVED_TEXT, undefined, wait)).toBeInTheDocument();
    expect(puts[2]).toMatchObject({ version: 2, gallons: '120.5' });
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('is deleted after a confirmation', async () => {
    let deleted = false;
    mockApi({
      'GET /ifta-return': () => ret,
      'GET /fuel-purchases/import-mapping': () => ({ companyId: 3, mapping: null }),
      'GET /fuel-purchases': () => page(deleted ? [] : [purchase]),
      'DELETE /fuel-purchases/5': () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    renderFuel(['CAN_SHOW_REPORTS', 'CAN_EDIT_FUEL_PURCHASES']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Fuel purchases' }, wait));
    await user.click(await screen.findByRole('button', { name: /Edit the purchase of T-101/ }, wait));
    await user.click(screen.getByRole('button', { name: 'Delete purchase' }));
    const dialog = await screen.findByRole('alertdialog', undefined, wait);
    expect(dialog).toHaveTextContent('Delete this fuel purchase?');
    expect(deleted).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(FUEL_DELETED_TEXT, undefined, wait)).toBeInTheDocument();
    expect(deleted).toBe(true);
    expect(await screen.findByText('No fuel purchases.', undefined, wait)).toBeInTheDocument();
  });

  it("is typed on screen for one of the company's trucks: checked with the contract's rules first, then recorded (POST) and listed; a purchase already stored is said as the server says it", async () => {
    const posts: Record<string, unknown>[] = [];
    let stored: FuelPurchaseRow[] = [];
    const { calls } = mockApi({
      'GET /ifta-return': () => ret,
      'GET /fuel-purchases/import-mapping': () => ({ companyId: 3, mapping: null }),
      'GET /fuel-purchases': () => page(stored),
      'GET /trucks': () => page([{ id: 1, unitNumber: 'T-101' }]),
      'POST /fuel-purchases': (c) => {
        const body = c.body as Record<string, unknown>;
        posts.push(body);
        if (posts.length === 1) return apiError(409, IFTA_MESSAGES.duplicate, 'ALREADY_EXISTS');
        stored = [
          {
            ...purchase,
            id: 9,
            purchasedAt: String(body.purchasedAt),
            jurisdiction: String(body.jurisdiction),
            gallons: Number(body.gallons),
            amount: null,
            vendor: 'Pilot #88',
            city: null,
          },
        ];
        return stored[0];
      },
    });
    renderFuel(['CAN_SHOW_REPORTS', 'CAN_EDIT_FUEL_PURCHASES']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Fuel purchases' }, wait));
    expect(await screen.findByText('No fuel purchases.', undefined, wait)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New purchase' }));
    const form = screen.getByRole('form', { name: 'New fuel purchase' });
    const truck = within(form).getByRole('combobox', { name: 'Truck' });
    const when = within(form).getByRole('textbox', { name: /Date and time/ });
    const gallons = within(form).getByRole('textbox', { name: 'Gallons' });

    // Nothing typed: each field says what the contract asks, under it, and nothing is sent.
    await user.click(within(form).getByRole('button', { name: 'Record purchase' }));
    expect(await within(form).findByText(IFTA_MESSAGES.truck, undefined, wait)).toBeInTheDocument();
    expect(within(form).getByText(IFTA_MESSAGES.jurisdiction)).toBeInTheDocument();
    expect(truck).toHaveAttribute('aria-invalid', 'true');
    expect(when).toHaveAttribute('aria-invalid', 'true');
    expect(gallons).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toHaveLength(0);

    // The truck is one of the company's (the picker asks the trucks of company 3).
    await user.click(truck);
    await user.click(await screen.findByRole('option', { name: 'T-101' }, wait));
    expect(calls.find((c) => c.url.pathname.endsWith('/trucks'))!.url.searchParams.get('companyId')).toBe('3');
    await user.type(when, '08/02/2026 06:30:00');
    // A field typed again no longer shows its old error (it is checked again on save); the truck's went when one was chosen.
    expect(when).not.toHaveAttribute('aria-invalid');
    // (the picker's button is drawn anew once its popover has loaded: read it again)
    expect(within(form).getByRole('combobox', { name: 'Truck' })).not.toHaveAttribute('aria-invalid');
    expect(gallons).toHaveAttribute('aria-invalid', 'true');
    await user.selectOptions(within(form).getByRole('combobox', { name: /^State \/ province/ }), 'IN');
    await user.type(gallons, '600');
    await user.type(within(form).getByRole('textbox', { name: 'Vendor' }), 'Pilot #88');
    await user.click(within(form).getByRole('button', { name: 'Record purchase' }));
    expect(await within(form).findByText(IFTA_MESSAGES.gallons, undefined, wait)).toBeInTheDocument();
    expect(within(form).queryByText(IFTA_MESSAGES.truck)).toBeNull();
    expect(posts).toHaveLength(0);

    // The same truck, time and gallons as a stored purchase: the server's words.
    await user.clear(gallons);
    await user.type(gallons, '88.5');
    await user.click(within(form).getByRole('button', { name: 'Record purchase' }));
    expect(await within(form).findByRole('alert', undefined, wait)).toHaveTextContent(IFTA_MESSAGES.duplicate);
    expect(posts[0]).toEqual({ truckId: 1, purchasedAt: '08/02/2026 06:30:00', jurisdiction: 'IN', gallons: '88.5', amount: null, vendor: 'Pilot #88', city: null });

    await user.click(within(form).getByRole('button', { name: 'Record purchase' }));
    expect(await screen.findByText(`${FUEL_RECORDED_TEXT} ${recordedOnPageText(0, '08/02/2026 06:30:00')}`, undefined, wait)).toBeInTheDocument();
    expect(posts).toHaveLength(2);
    expect(screen.queryByRole('form', { name: 'New fuel purchase' })).toBeNull();
    const list = await screen.findByRole('table', { name: 'Fuel purchases, 2026Q3' }, wait);
    await waitFor(() => expect(cells(list)[0]!.slice(0, 5)).toEqual(['08/02/2026 06:30', 'T-101', 'IN', '88.500 gal', 'Pilot #88']), wait);
  });

  it('is read-only without CAN_EDIT_FUEL_PURCHASES', async () => {
    mockApi({ 'GET /ifta-return': () => ret, 'GET /fuel-purchases': () => page([purchase]) });
    renderFuel(['CAN_SHOW_REPORTS']);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Fuel purchases' }, wait));
    const list = await screen.findByRole('table', { name: 'Fuel purchases, 2026Q3' }, wait);
    expect(cells(list)).toEqual([['07/20/2026 10:00', 'T-101', 'IL', '150.250 gal', 'Pilot #412']]);
    expect(screen.queryByRole('button', { name: /Edit the purchase/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New purchase' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Import a fuel card export' })).toBeNull();
  });
});

describe('Reports → IFTA return → paged purchases and trips', () => {
  const pad = (n: number) => String(n).padStart(2, '0');
  /** 250 purchases in 2026Q3, three a day from July 1 (06:00, 10:00, 14:00), ids 1000…1249. */
  const many = (): FuelPurchaseRow[] =>
    Array.from({ length: 250 }, (_, i) => {
      const day = new Date(Date.UTC(2026, 6, 1 + Math.floor(i / 3)));
      const at = `${pad(day.getUTCMonth() + 1)}/${pad(day.getUTCDate())}/2026 ${pad(6 + (i % 3) * 4)}:00:00`;
      return { ...purchase, id: 1000 + i, purchasedAt: at, gallons: 100 + i, vendor: `Stop ${i + 1}` };
    });
  const sortKey = (wire: string) => `${wire.slice(6, 10)}${wire.slice(0, 2)}${wire.slice(3, 5)}${wire.slice(11)}`;
  /** GET /fuel-purchases as the API answers it: filtered by toDate (inclusive), oldest first then by id, one page of `size`. */
  const served = (stored: FuelPurchaseRow[]) => (c: MockCall) => {
    const q = c.url.searchParams;
    const to = q.get('toDate');
    const rows = stored.filter((p) => !to || sortKey(p.purchasedAt) <= sortKey(to)).sort((a, b) => sortKey(a.purchasedAt).localeCompare(sortKey(b.purchasedAt)) || a.id - b.id);
    const index = Number(q.get('page')),
      size = Number(q.get('size'));
    return page(rows.slice(index * size, (index + 1) * size), { page: index, size, totalElements: rows.length });
  };
  const fuelPages = (calls: MockCall[]) =>
    calls.filter((c) => c.method === 'GET' && c.url.pathname.endsWith('/fuel-purchases')).map((c) => [c.url.searchParams.get('page'), c.url.searchParams.get('size')]);
  const renderFuel = (permissions: string[]) =>
    renderWithApp(<IftaTab title="Reports" search={{ quarter: '2026-Q3', companyId: 3 }} onSearchChange={() => {}} viewSwitcher={null} />, { user: makeUser(permissions) });

  it("pages a quarter's 250 purchases 100 at a time as the API sorts them: the page and the total shown, Next asks page 2 and shows it, Previous goes back", async () => {
    const { calls } = mockApi({ 'GET /ifta-return': () => ret, 'GET /fuel-purchases': served(many()) });
    renderFuel(['CAN_SHOW_REPORTS']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Fuel purchases' }, wait));
    const list = await screen.findByRole('table', { name: 'Fuel purchases, 2026Q3' }, wait);
    const region = screen.getByRole('region', { name: 'Fuel purchases, 2026Q3' });
    expect(within(region).getByRole('heading')).toHaveTextContent('Fuel purchases, 2026Q3 (250)');
    const pages = within(region).getByRole('navigation', { name: 'Pages of the fuel purchases, 2026Q3' });
    expect(pages).toHaveTextContent('Page 1 of 3');
    expect(cells(list)).toHaveLength(100);
    expect(cells(list)[0]).toEqual(['07/01/2026 06:00', 'T-101', 'IL', '100.000 gal', 'Stop 1']);
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(pages).toHaveTextContent('Page 2 of 3'), wait);
    expect(fuelPages(calls)).toContainEqual(['1', '100']);
    const second = cells(screen.getByRole('table', { name: 'Fuel purchases, 2026Q3' }));
    expect(second).toHaveLength(100);
    // Purchase 101 (the 34th day, August 3, 10:00) opens page 2, purchase 200 closes it.
    expect(second[0]).toEqual(['08/03/2026 10:00', 'T-101', 'IL', '200.000 gal', 'Stop 101']);
    expect(second[99]![4]).toBe('Stop 200');

    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(pages).toHaveTextContent('Page 3 of 3'), wait);
    const third = cells(screen.getByRole('table', { name: 'Fuel purchases, 2026Q3' }));
    expect(third).toHaveLength(50);
    expect(third[49]![4]).toBe('Stop 250');
    expect(within(pages).getByRole('button', { name: 'Next page' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(pages).toHaveTextContent('Page 2 of 3'), wait);
    expect(cells(screen.getByRole('table', { name: 'Fuel purchases, 2026Q3' }))[0]![4]).toBe('Stop 101');
  });

  it('after "New purchase" shows the page where the purchase recorded sits, its row marked', async () => {
    const stored = many();
    const { calls } = mockApi({
      'GET /ifta-return': () => ret,
      'GET /fuel-purchases/import-mapping': () => ({ companyId: 3, mapping: null }),
      'GET /fuel-purchases': served(stored),
      'GET /trucks': () => page([{ id: 1, unitNumber: 'T-101' }]),
      'POST /fuel-purchases': (c) => {
        const body = c.body as Record<string, string>;
        const row = { ...purchase, id: 5000, purchasedAt: body.purchasedAt!, jurisdiction: body.jurisdiction!, gallons: Number(body.gallons), vendor: body.vendor ?? null };
        stored.push(row);
        return row;
      },
    });
    renderFuel(['CAN_SHOW_REPORTS', 'CAN_EDIT_FUEL_PURCHASES']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Fuel purchases' }, wait));
    await screen.findByRole('table', { name: 'Fuel purchases, 2026Q3' }, wait);
    await user.click(screen.getByRole('button', { name: 'New purchase' }));
    const form = screen.getByRole('form', { name: 'New fuel purchase' });
    await user.click(within(form).getByRole('combobox', { name: 'Truck' }));
    await user.click(await screen.findByRole('option', { name: 'T-101' }, wait));
    await user.type(within(form).getByRole('textbox', { name: /Date and time/ }), '09/10/2026 06:30:00');
    await user.selectOptions(within(form).getByRole('combobox', { name: /^State \/ province/ }), 'IN');
    await user.type(within(form).getByRole('textbox', { name: 'Gallons' }), '77');
    await user.type(within(form).getByRole('textbox', { name: 'Vendor' }), 'New stop');
    await user.click(within(form).getByRole('button', { name: 'Record purchase' }));

    // July 1 to September 9 is 71 days of three purchases, and September 10's 06:00 comes first:
    // 214 purchases before it, so it is the 215th — on page 3.
    expect(await screen.findByText(`Purchase recorded. ${recordedOnPageText(2, '09/10/2026 06:30:00')}`, undefined, wait)).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages of the fuel purchases, 2026Q3' });
    await waitFor(() => expect(pages).toHaveTextContent('Page 3 of 3'), wait);
    expect(fuelPages(calls)).toContainEqual(['2', '100']);
    const list = screen.getByRole('table', { name: 'Fuel purchases, 2026Q3' });
    await waitFor(() => expect(cells(list)).toHaveLength(51), wait);
    const marked = within(list)
      .getAllByRole('row')
      .find((r) => r.getAttribute('aria-current') === 'true')!;
    expect(
      Array.from(marked.querySelectorAll('td'))
        .map((c) => c.textContent)
        .slice(0, 5),
    ).toEqual(['09/10/2026 06:30', 'T-101', 'IN', '77.000 gal', 'New stop']);
    expect(cells(list)[14]![4]).toBe('New stop');
  });

  it("pages a jurisdiction's trips in the drill-down: page 2 asked and shown", async () => {
    const allTrips: IftaReturnTrip[] = Array.from({ length: 150 }, (_, i) => ({ ...trips[0]!, tripId: 100 + i, loadNumber: `LD-${i + 1}` }));
    const { calls } = mockApi({
      'GET /ifta-return': () => ret,
      'GET /fuel-purchases': () => page([purchase]),
      'GET /ifta-return/trips': (c) => {
        const index = Number(c.url.searchParams.get('page')),
          size = Number(c.url.searchParams.get('size'));
        return page(allTrips.slice(index * size, (index + 1) * size), { page: index, size, totalElements: allTrips.length });
      },
    });
    renderFuel(['CAN_SHOW_REPORTS']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'IL: trips and purchases' }, wait));
    const table = await screen.findByRole('table', { name: 'Trips in IL' }, wait);
    expect(cells(table)).toHaveLength(100);
    const pages = screen.getByRole('navigation', { name: 'Pages of the trips in IL' });
    expect(pages).toHaveTextContent('Page 1 of 2');
    // One purchase: no pages to turn.
    expect(screen.queryByRole('navigation', { name: 'Pages of the purchases in IL' })).toBeNull();
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(pages).toHaveTextContent('Page 2 of 2'), wait);
    const asked = calls.filter((c) => c.url.pathname.endsWith('/ifta-return/trips')).map((c) => Object.fromEntries(c.url.searchParams));
    expect(asked).toContainEqual({ companyId: '3', quarter: '2026Q3', jurisdiction: 'IL', page: '1', size: '100' });
    const second = cells(screen.getByRole('table', { name: 'Trips in IL' }));
    expect(second).toHaveLength(50);
    expect(second[0]![2]).toBe('LD-101');
  });
});

describe('Reports → IFTA return → the rate matrix file', () => {
  const matrix =
    'IFTA Fuel Tax Rate Matrix,,\nState / Province,,Special Diesel\nINDIANA (IN),U.S.,0.61\n,Can.,0.1591\nKENTUCKY (KY),U.S.,0.246\nKENTUCKY SURCHARGE (KY),U.S.,0.1\n';

  it("is chosen as a file and imported with the version read; the quarter's rates are shown", async () => {
    let body: unknown;
    let stored: IftaRates = { quarter: '2026Q3', rows: [], version: 0 };
    mockApi({
      'GET /ifta-rates': () => stored,
      'POST /ifta-rates/import': (c) => {
        body = c.body;
        stored = {
          quarter: '2026Q3',
          version: 1,
          rows: [
            { jurisdiction: 'IN', ratePerGallon: 0.61, surchargePerGallon: 0 },
            { jurisdiction: 'KY', ratePerGallon: 0.246, surchargePerGallon: 0.1 },
          ],
        };
        return stored;
      },
    });
    renderWithApp(<IftaTab title="Reports" search={{ quarter: '2026-Q3' }} onSearchChange={() => {}} viewSwitcher={null} />, {
      user: makeUser(['CAN_SHOW_REPORTS', 'CAN_EDIT_FUEL_PURCHASES']),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Tax rates' }, wait));
    expect(await screen.findByText(noRatesText('2026Q3'), undefined, wait)).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Rate matrix file'), new File([matrix], 'ifta-2026q3.csv', { type: 'text/csv' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Import rates' })).toBeEnabled(), wait);
    await user.click(screen.getByRole('button', { name: 'Import rates' }));
    expect(await screen.findByText(rateMatrixImportedText(2, '2026Q3'), undefined, wait)).toBeInTheDocument();
    expect(body).toEqual({ quarter: '2026Q3', csv: matrix, version: 0 });
    const table = await screen.findByRole('table', { name: 'Diesel rates, 2026Q3' }, wait);
    await waitFor(
      () =>
        expect(
          cells(table)
            .slice(1)
            .map((r) => r[0]),
        ).toEqual(['IN', 'KY']),
      wait,
    );
    expect((screen.getByRole('textbox', { name: 'KY surcharge' }) as HTMLInputElement).value).toBe('0.1000');
  });

  it('pasted, says why a file is refused', async () => {
    mockApi({
      'GET /ifta-rates': () => ({ quarter: '2026Q3', rows: [], version: 0 }),
      'POST /ifta-rates/import': () =>
        Response.json(
          { status: 400, code: 'VALIDATION_FAILED', message: IFTA_MESSAGES.matrixColumns, errors: [{ path: 'body.csv', message: IFTA_MESSAGES.matrixColumns }] },
          { status: 400 },
        ),
    });
    renderWithApp(<IftaTab title="Reports" search={{ quarter: '2026-Q3' }} onSearchChange={() => {}} viewSwitcher={null} />, {
      user: makeUser(['CAN_SHOW_REPORTS', 'CAN_EDIT_FUEL_PURCHASES']),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Tax rates' }, wait));
    await user.type(await screen.findByRole('textbox', { name: 'Or paste the rate matrix' }, wait), 'Name,Rate');
    await user.click(screen.getByRole('button', { name: 'Import rates' }));
    expect(await screen.findByRole('alert', undefined, wait)).toHaveTextContent(IFTA_MESSAGES.matrixColumns);
  });

  it('is not offered without CAN_EDIT_FUEL_PURCHASES', async () => {
    mockApi({ 'GET /ifta-rates': () => ({ quarter: '2026Q3', version: 1, rows: [{ jurisdiction: 'IN', ratePerGallon: 0.61, surchargePerGallon: 0 }] }) });
    renderWithApp(<IftaTab title="Reports" search={{ quarter: '2026-Q3' }} onSearchChange={() => {}} viewSwitcher={null} />, { user: makeUser(['CAN_SHOW_REPORTS']) });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Tax rates' }, wait));
    await screen.findByRole('table', { name: 'Diesel rates, 2026Q3' }, wait);
    expect(screen.queryByRole('region', { name: 'Import the rate matrix' })).toBeNull();
  });
});
