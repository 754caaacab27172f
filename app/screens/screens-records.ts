// The screens of the business's records: drivers, fleet, fuel, accounts, contacts, breaches and
// employee registrations. Mostly tables of the sample data, each with its screen's own controls.
import type { ScreensContent } from '../../content/screens.schema.ts';
import { button, tabs } from './parts-controls.ts';
import { counter, table } from './parts-figures.ts';
import type { Palette } from './palette.ts';
import { office, type Screen } from './screen.ts';

const counters = (p: Palette, items: ScreensContent['counters'][keyof ScreensContent['counters']]) =>
  (items ?? []).map((item, index) => counter(p, 166 + index * 158, 96, 146, item)).join('');

/** The title and the table's first columns, cut at a column's edge. */
const tableCrop = (width: number) => ({ x: 156, y: 58, width, height: 400 });
const UNDER_COUNTERS_CROP = { x: 156, y: 86, width: 320, height: 400 };

export const drivers: Screen = {
  crop: tableCrop(300),
  draw: (p, d) =>
    office(
      p,
      d,
      'Driver Management',
      'Drivers',
      [
        tabs(p, 166, 94, ['Driver Management', 'Add Driver', 'Incidents'], 0),
        button(p, 700, 92, 'Add Driver'),
        table(
          p,
          166,
          134,
          [
            { label: 'Driver', width: 124 },
            { label: 'Status', width: 92 },
            { label: 'Licence', width: 64 },
            { label: 'Expiry', width: 104 },
            { label: 'Licence no.', width: 100 },
            { label: 'Base', width: 134 },
          ],
          d.drivers.map((driver) => [
            { text: driver.name, strong: true },
            { chip: driver.status },
            driver.licence,
            { text: driver.expiry, tone: driver.status === 'Expiring' ? 'danger' : undefined },
            driver.licenceNo,
            driver.base,
          ]),
          36,
        ),
      ].join(''),
    ),
};

export const fleet: Screen = {
  crop: UNDER_COUNTERS_CROP,
  draw: (p, d) =>
    office(
      p,
      d,
      'Fleet Management',
      'Fleet',
      [
        counters(p, d.counters.fleet),
        table(
          p,
          166,
          186,
          [
            { label: 'Rego', width: 82 },
            { label: 'Status', width: 90 },
            { label: 'Type', width: 132 },
            { label: 'Model', width: 158 },
            { label: 'Next service', width: 156 },
          ],
          d.vehicles.map((vehicle) => [
            { text: vehicle.rego, strong: true },
            { chip: vehicle.status },
            vehicle.kind,
            vehicle.model,
            vehicle.nextService,
          ]),
          40,
        ),
      ].join(''),
    ),
};

export const fuel: Screen = {
  crop: { x: 156, y: 86, width: 310, height: 400 },
  draw: (p, d) =>
    office(
      p,
      d,
      'Fuel',
      'Fuel',
      [
        counters(p, d.counters.fuel),
        table(
          p,
          166,
          186,
          [
            { label: 'Date', width: 100 },
            { label: 'Rego', width: 86 },
            { label: 'Total', width: 106, align: 'end' },
            { label: 'Litres', width: 90, align: 'end' },
            { label: 'Driver', width: 120 },
            { label: 'Site', width: 116 },
          ],
          d.fuel.map((entry) => [
            entry.date,
            { text: entry.rego, strong: true },
            { text: entry.total, strong: true },
            entry.litres,
            entry.driver,
            entry.site,
          ]),
          40,
        ),
      ].join(''),
    ),
};

export const accounts: Screen = {
  crop: { x: 156, y: 58, width: 356, height: 400 },
  draw: (p, d) =>
    office(
      p,
      d,
      'Invoices',
      'Accounts',
      [
        tabs(p, 166, 94, ['Invoices', 'Bills', 'Credit Notes', 'Payroll'], 0),
        button(p, 672, 92, 'New invoice'),
        table(
          p,
          166,
          134,
          [
            { label: 'Invoice', width: 86 },
            { label: 'Status', width: 84 },
            { label: 'Amount', width: 100, align: 'end' },
            { label: 'Due', width: 76, align: 'end' },
            { label: 'Customer', width: 170 },
            { label: 'Issued', width: 102 },
          ],
          d.invoices.map((invoice) => [
            { text: invoice.number, strong: true },
            { chip: invoice.status },
            { text: invoice.amount, strong: true },
            { text: invoice.due.replace(/ 20\d\d$/, ''), tone: invoice.status === 'Overdue' ? 'danger' : undefined },
            invoice.customer,
            invoice.issued,
          ]),
          40,
        ),
      ].join(''),
    ),
};

export const contacts: Screen = {
  crop: tableCrop(296),
  draw: (p, d) =>
    office(
      p,
      d,
      'Contacts',
      'Contacts',
      [
        tabs(p, 166, 94, ['All', 'Customers', 'Suppliers', 'People'], 0),
        button(p, 680, 92, 'Add contact'),
        table(
          p,
          166,
          134,
          [
            { label: 'Name', width: 196 },
            { label: 'Type', width: 80 },
            { label: 'Contact', width: 118 },
            { label: 'Phone', width: 124 },
            { label: 'Jobs', width: 100, align: 'end' },
          ],
          d.contacts.map((contact) => [
            { text: contact.name, strong: true },
            contact.kind,
            contact.contact,
            contact.phone,
            contact.jobs,
          ]),
          40,
        ),
      ].join(''),
    ),
};

export const breaches: Screen = {
  crop: tableCrop(350),
  draw: (p, d) =>
    office(
      p,
      d,
      'Breaches',
      'Breaches',
      [
        tabs(p, 166, 94, ['Breach Requests', 'Settle', 'Reports'], 0),
        table(
          p,
          166,
          134,
          [
            { label: 'Ref', width: 74 },
            { label: 'Status', width: 96 },
            { label: 'Driver', width: 166 },
            { label: 'Breach', width: 190 },
            { label: 'Date', width: 92 },
          ],
          d.breaches.map((breach) => [
            { text: breach.ref, strong: true },
            { chip: breach.status },
            breach.driver,
            breach.rule,
            breach.date,
          ]),
          44,
        ),
      ].join(''),
    ),
};

export const employeeRegistrations: Screen = {
  crop: tableCrop(350),
  draw: (p, d) =>
    office(
      p,
      d,
      'Employee Registrations',
      'Settings',
      [
        tabs(p, 166, 94, ['Columns', 'Summary', 'Filter List', 'Print', 'Export'], -1, 14),
        table(
          p,
          166,
          134,
          [
            { label: 'Name', width: 126 },
            { label: 'Status', width: 84 },
            { label: 'Position', width: 130 },
            { label: 'Registered', width: 110 },
            { label: 'Phone', width: 168 },
          ],
          d.employees.map((employee) => [
            { text: employee.name, strong: true },
            { chip: employee.status },
            employee.position,
            employee.registered,
            employee.phone,
          ]),
          40,
        ),
      ].join(''),
    ),
};
