import { type ClientData, insertClient, insertProject } from '../domain/clients';
import type { MarketplaceDatabase } from '../store/database';

interface ClientSeed {
  id: number;
  name: string;
  data: ClientData;
  projects: readonly { id: number; name: string; status: 'active' | 'inactive' }[];
}

/** The demo company's clients 501–503, with projects 601–609. Names and domains are made up. */
export const DEMO_CLIENTS: readonly ClientSeed[] = [
  {
    id: 501,
    name: 'Brightline Retail Group',
    data: {
      active: true,
      manager_id: 2002,
      logo: 'https://brightline-retail.example/assets/logo.png',
      website: 'https://brightline-retail.example',
      about: 'Regional chain of 140 home and hardware stores across the Midwest and Southwest.',
      print_logo: true,
      policy_procedure: 'Check in with the store manager on duty. No work on the sales floor during opening hours without approval.',
      standard_instruction: 'Photograph every register and network closet before and after the work, and upload the photos as deliverables.',
      address1: '1200 W Fulton Market',
      address2: 'Suite 400',
      city: 'Chicago',
      state: 'IL',
      zip: '60607',
      country: 'US',
      location_type: 1,
    },
    projects: [
      { id: 601, name: 'Spring POS Refresh', status: 'active' },
      { id: 602, name: 'Store Network Upgrade', status: 'active' },
      { id: 603, name: 'Digital Signage Pilot', status: 'inactive' },
    ],
  },
  {
    id: 502,
    name: 'Harborview Health System',
    data: {
      active: true,
      manager_id: 2003,
      logo: 'https://harborview-health.example/brand/logo.svg',
      website: 'https://harborview-health.example',
      about: 'Non-profit hospital system with two medical centers and nine outpatient clinics on the Florida Gulf Coast.',
      print_logo: false,
      policy_procedure: 'Badge in at the security desk. An escort is required in every patient care area. Follow posted infection-control rules.',
      standard_instruction: 'Coordinate downtime with the on-site IT lead at least 24 hours ahead; never power down equipment in a clinical area unannounced.',
      address1: '1900 N Harbor Ave',
      address2: '',
      city: 'Tampa',
      state: 'FL',
      zip: '33602',
      country: 'US',
      location_type: 1,
    },
    projects: [
      { id: 604, name: 'Nurse Station Workstations', status: 'active' },
      { id: 605, name: 'Wi-Fi Survey East Campus', status: 'active' },
      { id: 606, name: 'CCTV Expansion', status: 'active' },
    ],
  },
  {
    id: 503,
    name: 'Summit Federal Credit Union',
    data: {
      active: true,
      manager_id: 2001,
      logo: 'https://summit-fcu.example/img/summit-logo.png',
      website: 'https://summit-fcu.example',
      about: 'Member-owned credit union with 24 branches and 60 ATMs in Colorado and Texas.',
      print_logo: true,
      policy_procedure: 'Cash handling areas are off limits. Branch staff must open ATM vaults; technicians never hold vault keys.',
      standard_instruction: 'Call the branch 30 minutes before arrival. Bring two forms of ID.',
      address1: '1650 Larimer St',
      address2: '',
      city: 'Denver',
      state: 'CO',
      zip: '80202',
      country: 'US',
      location_type: 1,
    },
    projects: [
      { id: 607, name: 'ATM Fleet Maintenance', status: 'active' },
      { id: 608, name: 'Branch Kiosk Rollout', status: 'active' },
      { id: 609, name: 'Teller Line Printers', status: 'inactive' },
    ],
  },
];

export function seedClients(db: MarketplaceDatabase, companyId: number): void {
  for (const client of DEMO_CLIENTS) {
    insertClient(db, companyId, client.name, client.data, client.id);
    for (const project of client.projects) insertProject(db, companyId, client.id, project.name, project.status, project.id);
  }
}
