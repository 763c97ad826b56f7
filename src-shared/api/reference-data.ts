import { z } from 'zod';

/*
 * Company reference data as the spec lists it. The service answers these
 * lists at runtime too; the constants let the app work offline and let the
 * local marketplace seed the same values.
 */

export interface TypeOfWorkDefinition {
  readonly id: number;
  readonly name: string;
  /** The spec gives no industries; these are our own grouping for the UI. */
  readonly industry: string;
}

/** The 27 types of work, in the spec's (alphabetical) order. */
export const TYPES_OF_WORK = [
  { id: 70, name: 'Adjustable Bed Bases', industry: 'Home Services' },
  { id: 60, name: 'Audio-Visual / Home Theater', industry: 'Technology' },
  { id: 63, name: 'Automated Teller Machine (ATM)', industry: 'Financial Services' },
  { id: 56, name: 'Carpentry / Fixture Install', industry: 'Construction' },
  { id: 65, name: 'CCTV / Alarm Systems', industry: 'Security' },
  { id: 76, name: 'Copier', industry: 'Technology' },
  { id: 61, name: 'Desktop/Laptop', industry: 'Technology' },
  { id: 69, name: 'Fiber Cabling', industry: 'Telecommunications' },
  { id: 74, name: 'General Tasks', industry: 'General' },
  { id: 59, name: 'High Voltage Wiring', industry: 'Construction' },
  { id: 8, name: 'HVAC', industry: 'Construction' },
  { id: 64, name: 'Kiosk', industry: 'Retail' },
  { id: 68, name: 'Low Voltage Cabling', industry: 'Telecommunications' },
  { id: 75, name: 'Merchandising', industry: 'Retail' },
  { id: 4, name: 'Networking', industry: 'Technology' },
  { id: 50, name: 'Other', industry: 'General' },
  { id: 58, name: 'Plumbing', industry: 'Construction' },
  { id: 62, name: 'Point of Sale (POS)', industry: 'Retail' },
  { id: 54, name: 'Printer', industry: 'Technology' },
  { id: 71, name: 'Pro A/V, Digital Signage', industry: 'Technology' },
  { id: 72, name: 'Project Manager', industry: 'Professional Services' },
  { id: 57, name: 'Satellite', industry: 'Telecommunications' },
  { id: 51, name: 'Secret Shopping', industry: 'Retail' },
  { id: 66, name: 'Server Hardware/Software', industry: 'Technology' },
  { id: 1, name: 'Software Development', industry: 'Technology' },
  { id: 67, name: 'Structured Cabling', industry: 'Telecommunications' },
  { id: 3, name: 'Telecom / VOIP', industry: 'Telecommunications' },
] as const satisfies readonly TypeOfWorkDefinition[];

export type TypeOfWorkId = (typeof TYPES_OF_WORK)[number]['id'];

export function typeOfWorkById(id: number): TypeOfWorkDefinition | undefined {
  return TYPES_OF_WORK.find((typeOfWork) => typeOfWork.id === id);
}

export function isKnownTypeOfWork(id: number): id is TypeOfWorkId {
  return typeOfWorkById(id) !== undefined;
}

export interface ServiceTypeDefinition {
  readonly id: number;
  readonly name: string;
}

/** Most types of work share five service types; the spec gives their ids in this order. */
function standardServiceTypes(
  installation: number,
  removal: number,
  repair: number,
  siteSurvey: number,
  troubleshooting: number,
): readonly ServiceTypeDefinition[] {
  return [
    { id: installation, name: 'Installation' },
    { id: removal, name: 'Removal' },
    { id: repair, name: 'Repair' },
    { id: siteSurvey, name: 'Site Survey' },
    { id: troubleshooting, name: 'Troubleshooting' },
  ];
}

/**
 * Service types by type of work id, from the spec's table. General Tasks (74)
 * and Merchandising (75) have none, and so has every type of work the table
 * leaves out: Software Development (1), Secret Shopping (51), Carpentry (56),
 * Satellite (57), Plumbing (58), High Voltage Wiring (59), Low Voltage
 * Cabling (68), Project Manager (72) and Copier (76).
 */
export const SERVICE_TYPES_BY_TYPE_OF_WORK: Readonly<Partial<Record<TypeOfWorkId, readonly ServiceTypeDefinition[]>>> = {
  70: standardServiceTypes(102, 105, 104, 106, 103),
  60: standardServiceTypes(48, 51, 50, 52, 49),
  63: standardServiceTypes(66, 69, 68, 70, 67),
  65: standardServiceTypes(76, 79, 78, 80, 77),
  8: standardServiceTypes(15, 18, 17, 19, 16),
  64: standardServiceTypes(71, 74, 73, 75, 72),
  4: standardServiceTypes(10, 13, 12, 14, 11),
  50: standardServiceTypes(20, 23, 22, 24, 21),
  62: standardServiceTypes(61, 64, 63, 65, 62),
  54: standardServiceTypes(27, 30, 29, 31, 28),
  66: standardServiceTypes(81, 84, 83, 85, 82),
  67: standardServiceTypes(86, 89, 88, 90, 87),
  3: standardServiceTypes(5, 8, 7, 9, 6),
  61: [
    { id: 57, name: 'Backup' },
    { id: 58, name: 'Imaging' },
    { id: 53, name: 'Installation' },
    { id: 55, name: 'Removal' },
    { id: 59, name: 'Restore' },
    { id: 60, name: 'Setup' },
    { id: 56, name: 'Site Survey' },
    { id: 54, name: 'Troubleshooting' },
  ],
  69: [
    { id: 96, name: 'Installation' },
    { id: 98, name: 'Removal' },
    { id: 97, name: 'Repair' },
    { id: 99, name: 'Site Survey' },
    { id: 100, name: 'Splicing' },
    { id: 101, name: 'Testing' },
  ],
  71: [
    { id: 107, name: 'Installation' },
    { id: 112, name: 'Programming' },
    { id: 110, name: 'Removal' },
    { id: 109, name: 'Repair' },
    { id: 111, name: 'Site Survey' },
    { id: 108, name: 'Troubleshooting' },
  ],
};

export function serviceTypesFor(typeOfWorkId: number): readonly ServiceTypeDefinition[] {
  return isKnownTypeOfWork(typeOfWorkId) ? (SERVICE_TYPES_BY_TYPE_OF_WORK[typeOfWorkId] ?? []) : [];
}

/** The problem types GET problems answers in `types`. */
export const PROBLEM_TYPES = [
  { id: 22, name: "I can't find a provider" },
  { id: 24, name: 'Provider did not show up - cancel WO' },
  { id: 25, name: 'Provider did not show up - reschedule WO/update ETA' },
  { id: 30, name: 'Onsite work is not complete' },
  { id: 31, name: 'Internal Issue with my company' },
  { id: 33, name: 'How to/platform help' },
  { id: 41, name: 'Provider unresponsive before assignment' },
  { id: 42, name: 'Provider is onsite - cannot reach' },
  { id: 43, name: 'Deliverables/Closing WO is not complete' },
  { id: 44, name: 'Missing parts' },
  { id: 45, name: 'Provider did not show up - remove provider from WO' },
] as const;
export type ProblemTypeId = (typeof PROBLEM_TYPES)[number]['id'];

/** What GET company/incomplete-reasons answers. */
export const INCOMPLETE_REASONS = [
  { id: 1, label: 'Missing/incorrect deliverables' },
  { id: 2, label: 'Time/pay is incorrect' },
  { id: 3, label: 'Missing sign-off sheet' },
  { id: 4, label: 'Required parts not returned' },
  { id: 5, label: 'Revisit requested' },
] as const;
export type IncompleteReasonId = (typeof INCOMPLETE_REASONS)[number]['id'];

/** ISO alpha-2 codes accepted for creating work orders, in the spec's order. */
export const COUNTRY_CODES = [
  'US', 'AT', 'BE', 'BR', 'CA', 'CL', 'CN', 'CZ', 'DE', 'DK', 'EE', 'ES',
  'FI', 'FR', 'GB', 'GR', 'HR', 'HU', 'IE', 'IT', 'KR', 'LT', 'LU', 'LV',
  'MT', 'MX', 'NL', 'NO', 'PH', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'CH',
] as const;
export const CountryCodeSchema = z.enum(COUNTRY_CODES, {
  error: 'Country must be one of the ISO alpha-2 codes the service accepts',
});
export type CountryCode = z.infer<typeof CountryCodeSchema>;
