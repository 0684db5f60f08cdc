/**
 * Genealogical facts read out of what someone told Ana or Cronos: birth, death and marriage with
 * their dates and places, relatives by name, occupation, residence, nickname. Each proposal keeps
 * the exact words it came from. Pure: no database, no model; a person accepts or dismisses.
 */
export * from './fact-kinds.ts'
export { knownOf, speaksOfChildhood, unknownAbout, type KnownOfMember, type ToldOfMember } from './gaps.ts'
export { readFacts, type ReadFactsOptions } from './read-facts.ts'
