/*
 * The names the benches give their companies, accounts, people and partners, as a brokerage's
 * customers would have them ("Meridian Home Goods LLC", "Savannah Distribution", "Maria Chen"),
 * drawn from the number of the row in SQL or in TypeScript alike. The e-mail addresses stay the
 * benches' own (bench-<n>@bench.test), as the benches sign in with them.
 */

const COMPANY_WORDS = [
  'Atlantic',
  'Pacific',
  'Harbor',
  'Summit',
  'Meridian',
  'Cascade',
  'Redwood',
  'Bluewater',
  'Keystone',
  'Lakeshore',
  'Granite',
  'Silverline',
  'Northstar',
  'Evergreen',
  'Coastal',
  'Ironbridge',
  'Riverbend',
  'Highland',
  'Westport',
  'Bayside',
  'Crescent',
  'Liberty',
  'Sterling',
  'Magnolia',
] as const;

const COMPANY_TRADES = [
  'Home Goods',
  'Apparel',
  'Outdoor',
  'Electronics',
  'Furniture',
  'Foods',
  'Toys',
  'Tools',
  'Housewares',
  'Textiles',
  'Auto Parts',
  'Lighting',
  'Footwear',
  'Beverages',
  'Sporting Goods',
  'Pet Supplies',
  'Kitchenware',
  'Garden',
  'Medical Supply',
  'Packaging',
] as const;

const COMPANY_FORMS = ['Inc', 'LLC', 'Co.', 'Corp.', 'Trading Co.', 'Imports LLC'] as const;

const ACCOUNT_PLACES = [
  'Newark',
  'Savannah',
  'Long Beach',
  'Houston',
  'Seattle',
  'Chicago',
  'Miami',
  'Charleston',
  'Norfolk',
  'Oakland',
  'Baltimore',
  'Atlanta',
  'Dallas',
  'Memphis',
  'Elizabeth',
  'Tacoma',
  'Jacksonville',
  'Philadelphia',
  'Columbus',
  'Reno',
] as const;

const ACCOUNT_KINDS = ['Distribution', 'Receiving', 'Retail', 'Wholesale', 'Imports', 'Fulfillment'] as const;

const FIRST_NAMES = [
  'Maria',
  'James',
  'Wei',
  'Priya',
  'Carlos',
  'Emily',
  'David',
  'Aisha',
  'Michael',
  'Sofia',
  'Daniel',
  'Mei',
  'Robert',
  'Fatima',
  'Luis',
  'Hannah',
  'Kevin',
  'Yuki',
  'Thomas',
  'Grace',
  'Ahmed',
  'Olivia',
  'Jose',
  'Linda',
  'Brian',
  'Ana',
  'Samuel',
  'Nicole',
  'Raj',
  'Laura',
  'Victor',
  'Rachel',
  'Omar',
  'Jessica',
  'Andre',
  'Megan',
  'Hiroshi',
  'Claire',
  'Diego',
  'Karen',
] as const;

/** No "Keller" here: the users bench makes one user in 250 a Keller, to search for. */
const LAST_NAMES = [
  'Chen',
  'Garcia',
  'Smith',
  'Patel',
  'Nguyen',
  'Johnson',
  'Rodriguez',
  'Kim',
  'Williams',
  'Martinez',
  'Brown',
  'Lopez',
  'Wang',
  'Davis',
  'Hernandez',
  'Singh',
  'Miller',
  'Gonzalez',
  'Wilson',
  'Tanaka',
  'Anderson',
  'Perez',
  'Taylor',
  'Li',
  'Thomas',
  'Sanchez',
  'Moore',
  'Ramirez',
  'Jackson',
  'Torres',
  'White',
  'Flores',
  'Harris',
  'Rivera',
  'Clark',
  'Gomez',
  'Lewis',
  'Diaz',
  'Walker',
  'Reyes',
  'Hall',
  'Cruz',
  'Young',
  'Morales',
  'Allen',
  'Ortiz',
  'Wright',
  'Shah',
  'Scott',
  'Murphy',
] as const;

/** Drayage companies, one a company, with telephone numbers of the range kept for fiction. */
export const TRUCKERS = [
  ['Garden State Drayage', '(973) 555-0114'],
  ['Port City Cartage', '(912) 555-0162'],
  ['Bayshore Trucking', '(562) 555-0138'],
  ['Gulf Coast Drayage', '(713) 555-0191'],
  ['Puget Sound Transport', '(253) 555-0127'],
  ['Lone Star Cartage', '(214) 555-0145'],
  ['Tidewater Trucking', '(757) 555-0173'],
  ['Peach State Drayage', '(404) 555-0119'],
] as const;

/** Warehouses near the ports: name, street, city, state and ZIP code. */
export const WAREHOUSES = [
  ['Port Newark Warehouse', '1000 Doremus Ave', 'Newark', 'NJ', '07105'],
  ['Garden City Distribution Center', '400 Crossgate Dr', 'Savannah', 'GA', '31407'],
  ['Carson Logistics Center', '2100 E Dominguez St', 'Carson', 'CA', '90810'],
  ['Bayport Cross-Dock', '11800 Port Rd', 'Seabrook', 'TX', '77586'],
  ['Kent Valley Warehouse', '8200 S 212th St', 'Kent', 'WA', '98032'],
  ['Joliet Intermodal Warehouse', '2000 Channahon Rd', 'Joliet', 'IL', '60436'],
  ['Chesapeake Distribution', '1500 Cavalier Blvd', 'Chesapeake', 'VA', '23323'],
  ['Doral Logistics Center', '10300 NW 19th St', 'Doral', 'FL', '33172'],
] as const;

/** SQL of the text array of `words`. */
function arraySql(words: readonly string[]): string {
  return `ARRAY[${words.map((word) => `'${word.replaceAll("'", "''")}'`).join(', ')}]`;
}

/**
 * A name's part: the word of `words` for row n is at (n * step + n / every) modulo their count.
 * The first part (step 1, every 1's place) changes with each row; each further one changes with each
 * row too (its step) and shifts once the parts before it have gone round (every: their counts
 * multiplied), so that neighbouring rows share no part and no two rows share all of them until
 * every combination is used (each step chosen prime to the count it is taken modulo).
 */
type Part = { words: readonly string[]; step: number; every: number };

function partSql({ words, step, every }: Part, n: string): string {
  const index = every === 1 ? `(${n}) * ${step}` : `(${n}) * ${step} + (${n}) / ${every}`;
  return `(${arraySql(words)})[1 + ((${index}) % ${words.length})::int]`;
}

function part({ words, step, every }: Part, n: number): string {
  return words[(n * step + (every === 1 ? 0 : Math.floor(n / every))) % words.length]!;
}

const COMPANY: readonly Part[] = [
  { words: COMPANY_WORDS, step: 1, every: 1 },
  { words: COMPANY_TRADES, step: 7, every: COMPANY_WORDS.length },
  { words: COMPANY_FORMS, step: 5, every: COMPANY_WORDS.length * COMPANY_TRADES.length },
];
const ACCOUNT: readonly Part[] = [
  { words: ACCOUNT_PLACES, step: 1, every: 1 },
  { words: ACCOUNT_KINDS, step: 5, every: ACCOUNT_PLACES.length },
];
const FIRST_NAME: Part = { words: FIRST_NAMES, step: 1, every: 1 };
const LAST_NAME: Part = { words: LAST_NAMES, step: 3, every: FIRST_NAMES.length };

/**
 * SQL of the name of company `n` (an integer expression): 2,880 different names, then the same
 * again, as a brokerage of thousands of customers has a few with near-identical names.
 */
export function companyNameSql(n: string): string {
  return COMPANY.map((each) => partSql(each, n)).join(" || ' ' || ");
}

export function companyName(n: number): string {
  return COMPANY.map((each) => part(each, n)).join(' ');
}

/** SQL of the name of account `n`: a place and what the account takes in ("Savannah Distribution"). */
export function accountNameSql(n: string): string {
  return ACCOUNT.map((each) => partSql(each, n)).join(" || ' ' || ");
}

export function accountName(n: number): string {
  return ACCOUNT.map((each) => part(each, n)).join(' ');
}

/** SQL of the first name of person `n`. */
export function firstNameSql(n: string): string {
  return partSql(FIRST_NAME, n);
}

/** SQL of the last name of person `n`. */
export function lastNameSql(n: string): string {
  return partSql(LAST_NAME, n);
}

/** SQL of the full name of person `n`: 2,000 different names, then the same again. */
export function personNameSql(n: string): string {
  return `${firstNameSql(n)} || ' ' || ${lastNameSql(n)}`;
}

/** SQL of a trucker's or warehouse's column `column` (0 from the left) for company `n`. */
export function partnerSql(partners: readonly (readonly string[])[], column: number, n: string): string {
  const words = partners.map((partner) => partner[column]!);
  return partSql({ words, step: 1, every: 1 }, n);
}
