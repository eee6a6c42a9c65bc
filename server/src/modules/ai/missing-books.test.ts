import { describe, expect, it } from 'vitest';
import { missingBooks } from './missing-books.ts';

describe('books a question names that the Bible does not have', () => {
  it('says so of a Gospel, an epistle or a letter no book of the Bible is', () => {
    expect(missingBooks('What does the Gospel of Thomas say about prayer?')).toEqual([
      {
        phrase: 'Gospel of Thomas',
        correction: '“The Gospel of Thomas” is not in the Bible: its Gospels are Matthew, Mark, Luke and John.',
      },
    ]);
    expect(missingBooks('what does the gospel according to judas teach').map((m) => m.correction)).toEqual([
      '“The Gospel according to Judas” is not in the Bible: its Gospels are Matthew, Mark, Luke and John.',
    ]);
    expect(missingBooks('Explain the Epistle to the Laodiceans').map((m) => m.correction)).toEqual([
      '“The Epistle to the Laodiceans” is not in the Bible: none of its books has that name.',
    ]);
  });

  it('knows the books the canon has, by any of their names, and Scripture’s own phrases', () => {
    for (const question of [
      'What does the Gospel of John say about love?',
      'Summarise the Gospel according to St. Matthew',
      'Who wrote the letter to the Romans?',
      "What is Paul's letter to the Corinthians about?",
      'What does the Epistle to the Hebrews teach?',
      'What is the gospel of Christ?',
      'What is the gospel of the kingdom?',
      'Is the gospel of grace different?',
      'What does the letter of James say about faith?',
    ]) {
      expect(missingBooks(question), question).toEqual([]);
    }
  });
});
