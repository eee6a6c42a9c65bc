/**
 * The words of Scripture a question asks about, as it quotes them: "Why does it say only begotten?",
 * "What does “born again” mean?", "What is meant by the fear of the Lord?". A question asking about a
 * phrase is about the passages that say it, so it is answered as a question about a passage.
 *
 * Only what the question sets apart as words is taken: a quotation, or what follows "why does it say",
 * stands before "mean", or after "meant by" / "the meaning of". A single word counts only when it is
 * set apart as one ("the word propitiation", a quoted word in a question about meaning): "What does
 * love mean?" is a question about a topic, not about the verses spelling it.
 */
export function askedPhrase(question: string): string | undefined {
  const quotation = QUOTED.exec(question);
  const quoted = quotation?.[1] ?? quotation?.[2];
  // One quoted word is asked about when the question asks what it means or why it is said ("I feel 'anxious'" is not).
  if (quoted) return cleaned(quoted, ASKS_ABOUT_WORDS.test(question) ? 1 : 2);
  for (const frame of FRAMES) {
    const words = frame.exec(question)?.[1];
    const phrase = words ? cleaned(words, 2) : undefined;
    if (phrase) return phrase;
  }
  return undefined;
}

const MAX_WORDS = 8;
const ASKS_ABOUT_WORDS = /\b(?:mean|means|meant|meaning|say|says|said|word|term)\b/i;
// A quotation in double quotes, or in single quotes standing apart from words (not "David's").
const QUOTED = /["“]([^"”]+)["”]|(?:^|\s)['‘]([^'’]+)['’](?=[\s?.!,;:]|$)/u;
const FRAMES = [
  /\bwhy (?:does|did|do|is|would) (?:it|he|she|they|the bible|scripture|the (?:verse|text|passage|translation)|[a-z]+) (?:say|says|said|call|calls|use|uses)\s+(.+)$/i,
  /\bwhat (?:does|do|did) (.+?) mean\b/i,
  /\bwhat is meant by (.+)$/i,
  /\bthe meaning of (.+)$/i,
];
// Words around the phrase that only say where it was read.
const WHERE = /\s+(?:in|from) (?:the bible|scripture|the scriptures|the kjv|the gospels?|the verse|this verse)\b.*$/i;
// The phrase's first words when they introduce it ("the word", "the phrase").
const INTRODUCED = /^(?:the )?(?:word|words|phrase|expression|term)\s+/i;
// Pronouns and the like: "What does it mean", "what does this mean" ask about nothing quoted.
const NOTHING = /^(?:it|this|that|these|those|he|she|they|him|her|them|the bible|scripture|god|jesus)$/i;

function cleaned(words: string, least: number): string | undefined {
  const trimmed = words.replace(WHERE, '').replace(/^[\s"“”'‘’]+|[\s"“”'‘’?.!,;:]+$/gu, '');
  const introduced = INTRODUCED.test(trimmed);
  const phrase = trimmed.replace(INTRODUCED, '').replace(/^[\s"“”'‘’]+/u, '');
  const count = phrase.split(/\s+/).filter(Boolean).length;
  if (count < (introduced ? 1 : least) || count > MAX_WORDS || NOTHING.test(phrase) || /\d/.test(phrase)) return undefined;
  return phrase;
}
