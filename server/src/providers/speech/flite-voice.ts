/** The flite voice read with; `slt` (a US English woman's voice) was the clearest of the package's. */
export const FLITE_VOICE = 'slt';
/** Slower than flite's own pace (about 196 words a minute), near a narrator's 165. */
export const FLITE_STRETCH = 1.2;
