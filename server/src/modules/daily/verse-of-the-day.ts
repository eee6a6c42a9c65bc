/**
 * Well-known verses for the home page's Verse of the Day. References only: the text always comes
 * from the Bible store. One a day, the same for everyone on a given UTC date.
 */
// prettier-ignore
export const DAILY_VERSES = [
  'John 3:16', 'Psalm 23:1', 'Philippians 4:13', 'Jeremiah 29:11', 'Romans 8:28', 'Proverbs 3:5', 'Proverbs 3:6',
  'Isaiah 41:10', 'Matthew 11:28', 'Joshua 1:9', 'Psalm 46:1', 'Romans 12:2', 'Galatians 5:22', 'Hebrews 11:1',
  '2 Timothy 1:7', '1 Corinthians 13:4', 'Psalm 119:105', 'Isaiah 40:31', 'Matthew 6:33', 'John 14:6', 'Romans 5:8',
  'Ephesians 2:8', 'Psalm 27:1', 'Lamentations 3:22', 'Lamentations 3:23', 'Micah 6:8', 'Psalm 37:4', '1 John 4:19',
  'John 16:33', 'Psalm 34:18', 'Matthew 5:9', 'Colossians 3:23', 'James 1:5', '1 Peter 5:7', 'Psalm 121:1', 'Psalm 121:2',
  'Zephaniah 3:17', 'Psalm 32:8', 'Deuteronomy 31:6', 'Isaiah 26:3', 'John 15:13', 'Romans 15:13', 'Philippians 4:6',
  'Philippians 4:7', 'Psalm 91:1', 'Matthew 5:16', '2 Corinthians 5:17', 'Hebrews 13:8', 'Psalm 103:12', 'John 1:5',
  'Romans 10:9', 'Psalm 139:14', 'Isaiah 9:6', 'Matthew 28:20', '1 Thessalonians 5:16', '1 Thessalonians 5:17',
  '1 Thessalonians 5:18', 'Psalm 118:24', 'John 11:25', 'Revelation 21:4',
] as const;

export const FALLBACK_DAILY_VERSE = 'Matthew 11:28';

/** Days since 1970-01-01 in UTC: the same index all day, everywhere. */
export function dailyVerseReference(date: Date): string {
  const day = Math.floor(date.getTime() / 86_400_000);
  return DAILY_VERSES[day % DAILY_VERSES.length]!;
}
