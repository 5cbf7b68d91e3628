import { z } from 'zod';
import { oneLineText } from './plain-text.ts';
import { DEFAULT_WAREHOUSE_CITY, DEFAULT_WAREHOUSE_ZIP } from './constants.ts';
import { EmailOrEmpty, EntityId } from './http.ts';

/** The 50 states, DC and the territories, by name, as the State select lists them. */
export const US_STATES = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AS', name: 'American Samoa' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District of Columbia' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'GU', name: 'Guam' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'MP', name: 'Northern Mariana Islands' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'PR', name: 'Puerto Rico' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UM', name: 'U.S. Minor Outlying Islands' },
  { code: 'VI', name: 'U.S. Virgin Islands' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
] as const;

export type UsStateCode = (typeof US_STATES)[number]['code'];
export const UsStateCode = z.enum(US_STATES.map((state) => state.code) as [UsStateCode, ...UsStateCode[]]);

export const STATE_CODE_MESSAGE = "must be a state's two-letter code from the State list, as NY, or empty";

/** A warehouse's state: a code of US_STATES, or empty when none was chosen. */
const StateOrNone = z.enum(['', ...US_STATES.map((state) => state.code)] as ['', ...UsStateCode[]], {
  error: STATE_CODE_MESSAGE,
});

/** A warehouse contact; the New Warehouse form fills `name` only and leaves `email` empty. */
export const WarehouseContact = z.object({
  name: z.string(),
  email: z.string(),
});
export type WarehouseContact = z.infer<typeof WarehouseContact>;

export const WarehouseContactInput = z.object({ name: oneLineText(z.string().trim().max(150)), email: EmailOrEmpty });
export type WarehouseContactInput = z.infer<typeof WarehouseContactInput>;

/**
 * `state` is a 2-letter code, or empty when none was chosen. `status` ACTIVE_STATUS means
 * active; `deleted_at` is ISO 8601, or null while not deleted; `user_id` is who created it.
 */
export const Warehouse = z.object({
  id: EntityId,
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  status: z.number().int(),
  deleted_at: z.string().nullable(),
  user_id: EntityId.nullable(),
  emails: z.array(WarehouseContact),
});
export type Warehouse = z.infer<typeof Warehouse>;

/**
 * One warehouse as user/settings/save receives it: with `id` an existing one, without a new one.
 * The spec sets no required field and no format check for the Home form and does not show the
 * settings form's rules; both forms share these: every field may be empty, only lengths are
 * bounded, the state must come from US_STATES, and a contact's e-mail is empty or an address.
 * A new warehouse's absent fields take NEW_WAREHOUSE_DEFAULTS (city New York, state NY, ZIP
 * 10001, the rest empty); `emails[0].name` is its contact name.
 */
export const WarehouseInput = z.object({
  id: EntityId.optional(),
  name: oneLineText(z.string().trim().max(150)).optional(),
  phone: oneLineText(z.string().trim().max(40)).optional(),
  address: oneLineText(z.string().trim().max(200)).optional(),
  city: oneLineText(z.string().trim().max(100)).optional(),
  state: StateOrNone.optional(),
  zip: oneLineText(z.string().trim().max(10)).optional(),
  emails: z.array(WarehouseContactInput).max(20).optional(),
});
export type WarehouseInput = z.infer<typeof WarehouseInput>;

/**
 * The New Warehouse form. `NewWarehouseForm.parse({})` gives the defaults; the state defaults
 * to NY to agree with the default city and ZIP (the spec names only those two).
 */
export const NewWarehouseForm = z.object({
  name: oneLineText(z.string().trim().max(150)).default(''),
  contact_name: oneLineText(z.string().trim().max(150)).default(''),
  phone: oneLineText(z.string().trim().max(40)).default(''),
  address: oneLineText(z.string().trim().max(200)).default(''),
  city: oneLineText(z.string().trim().max(100)).default(DEFAULT_WAREHOUSE_CITY),
  state: StateOrNone.default('NY'),
  zip: oneLineText(z.string().trim().max(10)).default(DEFAULT_WAREHOUSE_ZIP),
});
export type NewWarehouseForm = z.infer<typeof NewWarehouseForm>;

export const NEW_WAREHOUSE_DEFAULTS: NewWarehouseForm = NewWarehouseForm.parse({});

/** On creation the contact name goes into emails[0].name with an empty e-mail. */
export function warehouseFromForm(values: NewWarehouseForm): WarehouseInput {
  const { contact_name, ...fields } = values;
  return { ...fields, emails: [{ name: contact_name, email: '' }] };
}
