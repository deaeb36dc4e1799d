// Words that mark what a directive is about: fire control measures, rules of engagement and risk
// measures (FM 6-0 appendix C, coordinating instructions; ../shared/reference/ipb-and-coa-facts.md §8.1).
export const FIRE_CONTROL = new RegExp(
  String.raw`\b(?:no[- ](?:(?:artillery|mortar|indirect|direct)[- ])?fires?|(?:artillery|mortar) (?:fires?|rounds?)|` +
    String.raw`fir(?:e|es|ing) (?:into|onto|on)|NFA|no[- ]fire area|RFA|restricted fire|` +
    String.raw`RFL|CFL|FSCL|` +
    String.raw`FFA|free[- ]fire area|fire support coordination|fire control|weapons (?:hold|tight|free)|cease[- ]fire|` +
    String.raw`check[- ]fire|priority of fires|clearance of fires|danger close|FSCMs?|indirect fires?)\b`,
  'i',
);
export const RULES_OF_ENGAGEMENT = new RegExp(
  String.raw`\b(?:ROE|rules of engagement|hostile (?:intent|act)|` +
    String.raw`positive identification|PID|escalation of force|collateral damage|weapons (?:hold|tight|free)|` +
    String.raw`self[- ]defen[cs]e)\b`,
  'i',
);
export const RISK = new RegExp(
  String.raw`\b(?:risk|fratricide|safety|MOPP|hazards?|combat identification|VS-17|` +
    String.raw`recognition panels?|marking of (?:cleared|friendly))\b`,
  'i',
);
