import { z } from 'zod';
import { listEnvelope } from './common';
import { AddressShape } from './location';

export const ProjectSchema = z.looseObject({
  id: z.number().int(),
  name: z.string().nullish(),
  status: z.string().nullish(),
});
export type Project = z.infer<typeof ProjectSchema>;

export const ClientManagerSchema = z.looseObject({
  id: z.number().int().nullish(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
});
export type ClientManager = z.infer<typeof ClientManagerSchema>;

/** A client, also the `client` object a work order carries. */
export const ClientSchema = z.looseObject({
  id: z.number().int(),
  client_id: z.number().int().nullish(),
  name: z.string().nullish(),
  active: z.boolean().nullish(),
  manager: ClientManagerSchema.nullish(),
  logo: z.string().nullish(),
  website: z.string().nullish(),
  about: z.string().nullish(),
  /** When true, the work order shows the client's name and logo. */
  print_logo: z.boolean().nullish(),
  /** Replaces the company's default policies and procedures on this client's orders. */
  policy_procedure: z.string().nullish(),
  /** Replaces the company's default standard instruction on this client's orders. */
  standard_instruction: z.string().nullish(),
  ...AddressShape,
  location_type: z.number().int().nullish(),
  projects: z.looseObject({ results: z.array(ProjectSchema) }).nullish(),
});
export type Client = z.infer<typeof ClientSchema>;

/** Answer of GET company/clients. */
export const ClientListSchema = listEnvelope(ClientSchema);
export type ClientList = z.infer<typeof ClientListSchema>;
