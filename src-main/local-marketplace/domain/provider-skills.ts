import type { TypeOfWorkId } from '../../../src-shared/api/reference-data';
import type { ProviderData } from './providers';

// Which types of work a provider does *(ours)*: profiles list none, so a provider does those their
// `about` names; General Tasks and Other suit everyone. Auto-dispatch and selection rules read it.

/** The types of work a provider's `about` shows they do; `null`: anyone can. */
const SKILLS: Readonly<Record<TypeOfWorkId, RegExp | null>> = {
  70: /adjustable bed|bed base/i,
  60: /audio[- ]?visual|home theat/i,
  63: /\bATM\b/i,
  56: /carpentry|fixture/i,
  65: /\bCCTV\b|alarm|access control|camera/i,
  76: /copier/i,
  61: /desktop|laptop|imaging/i,
  69: /fib(?:er|re)|splic/i,
  74: null,
  59: /high voltage|electrician/i,
  8: /\bHVAC\b|thermostat|building automation/i,
  64: /kiosk/i,
  68: /low[- ]voltage|low and high voltage|cabling/i,
  75: /merchandis|planogram/i,
  4: /network|wi-?fi|wireless|\bswitch/i,
  50: null,
  58: /plumb/i,
  62: /\bPOS\b|point of sale/i,
  54: /printer/i,
  71: /digital signage|\bpro a\/?v\b|audio[- ]?visual/i,
  72: /project manag/i,
  57: /satellite/i,
  51: /secret shop|mystery shop/i,
  66: /server|data cent(?:er|re)|storage/i,
  1: /software develop|developer/i,
  67: /structured cabling|\bcabling|\bcat ?6\b|rack build/i,
  3: /telecom|\bvoip\b|handset/i,
};

/** Whether the provider does that type of work; an unknown type, or none, nobody does. */
export function doesTypeOfWork(provider: Pick<ProviderData, 'about'>, typeOfWorkId: number | null | undefined): boolean {
  if (typeOfWorkId === null || typeOfWorkId === undefined) return false;
  const skill = SKILLS[typeOfWorkId as TypeOfWorkId];
  return skill !== undefined && (skill === null || skill.test(provider.about));
}
