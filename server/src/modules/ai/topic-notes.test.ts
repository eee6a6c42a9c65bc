import { describe, expect, it } from 'vitest';
import { TOPIC_NOTES } from './topic-notes.ts';
import { TOPICS } from './topics.ts';

describe("Selah's notes on its topics' passages", () => {
  it('give every passage of every topic one line, and no line to a passage the topic does not list', () => {
    for (const topic of TOPICS) {
      expect(Object.keys(TOPIC_NOTES[topic.name] ?? {}).sort(), topic.name).toEqual([...topic.passages].sort());
    }
    expect(Object.keys(TOPIC_NOTES).sort()).toEqual(TOPICS.map((t) => t.name).sort());
  });

  it('are single sentences without double quotes, which an answer would take for a quotation of Scripture', () => {
    for (const [topic, notes] of Object.entries(TOPIC_NOTES)) {
      for (const [reference, note] of Object.entries(notes)) {
        expect(note, `${topic}: ${reference}`).toMatch(/^[A-Z0-9][^"“”]*[.?!]$/);
        expect(note.length, `${topic}: ${reference}`).toBeLessThanOrEqual(100);
      }
    }
  });
});
