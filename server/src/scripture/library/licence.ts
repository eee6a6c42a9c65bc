/**
 * Whether a module's `DistributionLicense` lets this site give its text to readers. Only what is free to
 * redistribute is installed (the policy): public domain, the GNU licences, every Creative Commons
 * licence, "freely distributable", and "free non-commercial distribution" (marked: the site must not
 * sell it). A permission granted to CrossWire or eBible.org was granted to them, not to this site.
 */
export type LicenceDecision =
  | { readonly redistributable: true; readonly licence: string; readonly nonCommercial: boolean }
  | { readonly redistributable: false; readonly licence: string | undefined; readonly reason: string };

export function licenceDecision(distributionLicense: string | undefined): LicenceDecision {
  const licence = distributionLicense?.trim().replace(/\s+/g, ' ') || undefined;
  if (!licence) return { redistributable: false, licence, reason: 'The module does not say how it may be distributed.' };
  const text = licence.toLowerCase().replace(/[.\s]+$/, '');
  const allow = (nonCommercial: boolean): LicenceDecision => ({ redistributable: true, licence, nonCommercial });
  const refuse = (reason: string): LicenceDecision => ({ redistributable: false, licence, reason });

  if (text === 'public domain') return allow(false);
  const creativeCommons = /^(?:creative commons|cc)\s*:?\s*(.*)$/.exec(text);
  if (creativeCommons) {
    // "Creative Commons: BY-NC-SA 4.0", "by-nc-nd", "CC0": the NC element is what limits a site.
    const terms = creativeCommons[1]!.split(/[\s-]+/);
    return allow(terms.includes('nc'));
  }
  if (/^(gpl|gfdl|lgpl)\b/.test(text) || text.startsWith('general public license')) return allow(false);

  const [holder, ...grants] = text.split(';').map((s) => s.trim());
  const grant = grants.join('; ');
  if (holder !== 'copyrighted') return refuse(`"${licence}" is not a licence Selah knows to allow redistribution.`);
  if (grant === 'freely distributable') return allow(false);
  if (grant === 'free non-commercial distribution') return allow(true);
  if (!grant) return refuse('The text is copyrighted and its licence grants no redistribution.');
  if (/sword format/.test(grant)) return refuse('Permission covers distribution in SWORD format only, not as a web site.');
  const grantee = /granted to (.+)$/.exec(grant)?.[1];
  if (grantee) return refuse(`Permission to distribute was granted to ${licence.slice(licence.toLowerCase().lastIndexOf(grantee))}, not to this site.`);
  return refuse(`"${licence}" is not a licence Selah knows to allow redistribution.`);
}
