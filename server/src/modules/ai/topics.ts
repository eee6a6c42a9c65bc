/**
 * Everyday words → the passages that speak to them. Written by hand for Selah: no public-domain
 * topical index ships with npm (Nave's Topical Bible comes only as a SWORD module, when installed), and
 * the KJV's wording ("be careful for nothing", "take no thought") shares no words with how people ask
 * ("I'm anxious about my job"). Each topic lists the words people use (matched as word beginnings) and
 * the passages, best first; references are checked against the store like any answer's.
 */
export interface Topic {
  name: string;
  words: readonly string[];
  passages: readonly string[];
  /** What a passage says of the topic, by passage: Selah's own label ("God’s care"), or the Nave's sub-heading it is listed under. */
  lines?: Readonly<Record<string, string>>;
  /** The source's name for the topic, in the why-line of an answer ("ENEMY"); Selah's own topics have none. */
  source?: string;
}

export const TOPICS: readonly Topic[] = [
  {
    name: 'anxiety and worry',
    words: ['anxi', 'worr', 'stress', 'nervous', 'overwhelm', 'panic', 'uneasy', 'restless', 'job', 'career', 'deadline', 'exam', 'future'],
    passages: ['Philippians 4:6-7', 'Matthew 6:25-34', '1 Peter 5:7', 'Psalms 55:22', 'John 14:27'],
    lines: {
      'Philippians 4:6-7': 'What to do with worry',
      'Matthew 6:25-34': 'God’s care',
      '1 Peter 5:7': 'What to do with worry',
      'Psalms 55:22': 'What to do with worry',
      'John 14:27': 'God’s care',
    },
  },
  {
    name: 'fear',
    words: ['fear', 'afraid', 'scared', 'terrif', 'frighten', 'courage', 'brave', 'dread'],
    passages: ['Isaiah 41:10', 'Joshua 1:9', 'Psalms 27:1', '2 Timothy 1:7', 'Psalms 56:3'],
    lines: {
      'Isaiah 41:10': 'God is with you',
      'Joshua 1:9': 'God is with you',
      'Psalms 27:1': 'Trust in place of fear',
      '2 Timothy 1:7': 'God is with you',
      'Psalms 56:3': 'Trust in place of fear',
    },
  },
  {
    name: 'peace',
    words: ['peace', 'calm', 'rest', 'quiet', 'tranquil', 'still'],
    passages: ['John 14:27', 'Isaiah 26:3', 'Philippians 4:7', 'Matthew 11:28-30', 'Psalms 4:8'],
  },
  {
    name: 'grief and loss',
    words: ['grief', 'griev', 'mourn', 'loss', 'lost', 'died', 'death', 'dead', 'funeral', 'passed away', 'widow', 'bereave', 'sorrow'],
    passages: ['Psalms 34:18', 'Matthew 5:4', 'Revelation 21:4', 'John 11:25-26', '1 Thessalonians 4:13-14'],
    lines: {
      'Psalms 34:18': 'God’s comfort',
      'Matthew 5:4': 'God’s comfort',
      'Revelation 21:4': 'The hope ahead',
      'John 11:25-26': 'The hope ahead',
      '1 Thessalonians 4:13-14': 'The hope ahead',
    },
  },
  {
    name: 'sadness and despair',
    words: ['sad', 'depress', 'despair', 'hopeless', 'down', 'lonely', 'alone', 'empty', 'broken', 'cry', 'tears', 'heartbr'],
    passages: ['Psalms 34:18', 'Psalms 42:11', 'Psalms 147:3', 'Deuteronomy 31:8', 'Matthew 11:28'],
  },
  {
    name: 'love',
    words: ['love', 'loving', 'loved', 'charity', 'kindness'],
    passages: ['1 Corinthians 13:4-7', '1 John 4:7-8', 'John 3:16', 'Romans 8:38-39', 'John 15:12-13'],
  },
  {
    name: 'forgiveness',
    words: ['forgiv', 'forgave', 'pardon', 'mercy', 'grudge', 'resent', 'hurt me', 'wronged'],
    passages: ['Ephesians 4:32', 'Colossians 3:13', 'Matthew 6:14-15', '1 John 1:9', 'Matthew 18:21-22'],
  },
  {
    name: 'guilt and shame',
    words: ['guilt', 'shame', 'ashamed', 'regret', 'sinned', 'my sin', 'failure', 'failed', 'unworthy'],
    passages: ['1 John 1:9', 'Romans 8:1', 'Psalms 103:12', 'Isaiah 1:18', 'Psalms 51:10'],
  },
  {
    name: 'faith',
    words: ['faith', 'believ', 'trust', 'doubt'],
    passages: ['Hebrews 11:1', 'Hebrews 11:6', 'Proverbs 3:5-6', 'Mark 9:24', 'Romans 10:17'],
  },
  {
    name: 'prayer',
    words: ['pray', 'prayer', 'ask god', 'talk to god'],
    passages: ['Matthew 6:9-13', 'Philippians 4:6', '1 Thessalonians 5:16-18', 'James 5:16', 'Matthew 7:7-8'],
  },
  {
    name: 'hope',
    words: ['hope', 'hoping', 'discourag', 'give up', 'giving up'],
    passages: ['Romans 15:13', 'Jeremiah 29:11', 'Romans 8:28', 'Isaiah 40:31', 'Lamentations 3:22-23'],
  },
  {
    name: 'strength in hard times',
    words: ['strength', 'strong', 'weak', 'tired', 'exhaust', 'weary', 'struggl', 'hard time', 'difficult', 'suffer', 'trial', 'burnout'],
    passages: ['Isaiah 40:29-31', 'Philippians 4:13', '2 Corinthians 12:9', 'Matthew 11:28-30', 'James 1:2-4'],
  },
  {
    name: 'money and possessions',
    words: ['money', 'rich', 'wealth', 'poor', 'debt', 'greed', 'possess', 'salary', 'financ', 'tithe', 'giving', 'generous'],
    passages: ['1 Timothy 6:10', 'Hebrews 13:5', 'Matthew 6:19-21', 'Matthew 6:24', 'Philippians 4:19', 'Proverbs 22:7', 'Luke 12:15'],
    lines: {
      '1 Timothy 6:10': 'The love of money',
      'Hebrews 13:5': 'Contentment',
      'Matthew 6:19-21': 'Treasure in heaven',
      'Matthew 6:24': 'The love of money',
      'Philippians 4:19': 'God provides',
      'Proverbs 22:7': 'Debt',
      'Luke 12:15': 'The love of money',
    },
  },
  {
    name: 'work',
    words: ['work', 'labour', 'labor', 'boss', 'employ', 'busines', 'lazy', 'diligen'],
    passages: ['Colossians 3:23-24', 'Proverbs 16:3', 'Ecclesiastes 9:10', 'Proverbs 14:23', '2 Thessalonians 3:10'],
  },
  {
    name: 'anger',
    words: ['anger', 'angry', 'rage', 'furious', 'temper', 'mad at', 'wrath'],
    passages: ['Ephesians 4:26', 'James 1:19-20', 'Proverbs 15:1', 'Proverbs 29:11', 'Colossians 3:8'],
  },
  {
    name: 'marriage and family',
    words: ['marriage', 'married', 'marry', 'husband', 'wife', 'spouse', 'wedding', 'family', 'children', 'parent', 'son', 'daughter'],
    passages: ['Genesis 2:24', 'Ephesians 5:25', '1 Corinthians 13:4-7', 'Ephesians 6:1-4', 'Proverbs 22:6'],
  },
  {
    name: 'friendship',
    words: ['friend', 'companion', 'neighbo'],
    passages: ['Proverbs 17:17', 'John 15:13', 'Ecclesiastes 4:9-10', 'Proverbs 27:17', 'Matthew 22:39'],
  },
  {
    name: 'temptation',
    words: ['tempt', 'addict', 'lust', 'resist'],
    passages: ['1 Corinthians 10:13', 'James 1:12-14', 'Matthew 26:41', 'James 4:7', 'Hebrews 4:15'],
  },
  {
    name: 'patience and waiting',
    words: ['patien', 'wait', 'waiting', 'impatient'],
    passages: ['Isaiah 40:31', 'Psalms 27:14', 'Romans 12:12', 'James 5:7-8', 'Galatians 6:9'],
  },
  {
    name: 'joy and thankfulness',
    words: ['joy', 'happy', 'happiness', 'glad', 'thank', 'grateful', 'gratitude', 'rejoic', 'praise'],
    passages: ['Philippians 4:4', '1 Thessalonians 5:16-18', 'Psalms 118:24', 'Nehemiah 8:10', 'Psalms 100:4'],
  },
  {
    name: 'guidance and decisions',
    words: ['decid', 'decision', 'choice', 'choose', 'guidance', 'direction', 'purpose', 'calling', 'god’s will', "god's will", 'wisdom', 'wise'],
    passages: ['Proverbs 3:5-6', 'James 1:5', 'Psalms 32:8', 'Jeremiah 29:11', 'Psalms 119:105'],
  },
  {
    name: 'salvation',
    words: ['saved', 'salvation', 'eternal life', 'heaven', 'born again', 'grace'],
    passages: ['John 3:16', 'Ephesians 2:8-9', 'Romans 10:9', 'Romans 6:23', 'John 14:6'],
  },
  {
    // Before healing: "Is God sick of me?" asks whether God has given up on someone, not about illness.
    name: 'feeling rejected by God',
    words: [
      'sick of me',
      'tired of me',
      'fed up with me',
      'given up on me',
      'give up on me',
      'gave up on me',
      'hate me',
      'hates me',
      'reject',
      'abandon',
      'unwanted',
      'unloved',
    ],
    passages: ['Lamentations 3:22-23', 'Isaiah 49:15-16', 'Romans 8:38-39', 'John 6:37', 'Hebrews 13:5', 'Psalms 103:8-14'],
  },
  {
    name: 'weariness and sleep',
    words: ['sleep', 'insomnia', 'no rest', 'worn out', 'burn out', 'burned out', 'burnt out', 'fatigue'],
    passages: ['Psalms 127:2', 'Matthew 11:28-30', 'Psalms 4:8', 'Isaiah 40:29-31', 'Psalms 121:3-4', 'Proverbs 3:24'],
  },
  {
    name: 'sickness and healing',
    words: ['sick', 'ill', 'illness', 'heal', 'cancer', 'disease', 'pain', 'hospital', 'diagnos'],
    passages: ['James 5:14-15', 'Jeremiah 17:14', 'Psalms 147:3', '2 Corinthians 4:16-18', 'Isaiah 53:5'],
  },
  {
    name: 'pride and humility',
    words: ['pride', 'proud', 'humble', 'humility', 'arrogan', 'ego'],
    passages: ['Proverbs 16:18', 'James 4:6', 'Philippians 2:3-4', 'Micah 6:8', '1 Peter 5:6'],
  },
  {
    name: 'justice',
    words: ['justice', 'unfair', 'injustice', 'oppress', 'evil', 'wicked'],
    passages: ['Micah 6:8', 'Amos 5:24', 'Romans 12:19', 'Psalms 37:1-2', 'Isaiah 1:17'],
  },
  // What people ask about most: events and teachings they know by name.
  {
    name: 'the birth of Jesus',
    words: ['born', 'birth', 'nativity', 'bethlehem', 'christmas', 'manger'],
    passages: ['Luke 2:4-7', 'Matthew 2:1', 'Micah 5:2', 'Luke 2:10-11', 'Isaiah 9:6'],
  },
  {
    name: 'the cross',
    words: ['cross', 'crucif', 'calvary', 'golgotha', 'good friday'],
    passages: ['Luke 23:34', 'John 19:30', 'Luke 23:46', 'Matthew 27:46', 'Romans 5:8'],
  },
  {
    name: 'the resurrection',
    words: ['resurrect', 'rose again', 'risen', 'easter', 'empty tomb'],
    passages: ['Matthew 28:5-7', '1 Corinthians 15:3-4', 'John 11:25-26', 'Luke 24:5-6'],
  },
  {
    name: 'the Holy Spirit',
    words: ['holy spirit', 'holy ghost', 'comforter', 'fruit of the spirit', 'fruits of the spirit', 'pentecost'],
    passages: ['Galatians 5:22-23', 'John 14:26', 'Acts 2:1-4', 'Romans 8:26'],
  },
  {
    name: 'the commandments',
    words: ['commandment', 'ten commandments', 'the law'],
    passages: ['Matthew 22:37-40', 'Exodus 20:1-17', 'Mark 12:29-31', 'Deuteronomy 5:6-21', 'John 13:34'],
  },
  {
    name: 'David and Goliath',
    words: ['goliath', 'giant', 'giants'],
    passages: ['1 Samuel 17:45-50', '1 Samuel 17:4'],
  },
  {
    // Awe and reverence, not fright: its phrases take the word "fear" from the topic of being afraid.
    name: 'the fear of the Lord',
    words: ['fear the lord', 'fear of the lord', 'fear god', 'fear of god', 'fearing god', 'god fearing', 'godfearing', 'fear him', 'fear the lord mean'],
    passages: ['Proverbs 9:10', 'Proverbs 1:7', 'Ecclesiastes 12:13', 'Psalms 111:10', 'Deuteronomy 10:12', 'Psalms 103:13'],
  },
  {
    name: 'death and what follows',
    words: [
      'when we die',
      'when i die',
      'when you die',
      'after we die',
      'after i die',
      'after death',
      'afterlife',
      'after life',
      'life after death',
      'go to heaven',
      'going to heaven',
      'get to heaven',
    ],
    passages: ['2 Corinthians 5:8', 'John 14:2-3', 'Philippians 1:21-23', 'Luke 23:43', 'Hebrews 9:27', 'Ecclesiastes 12:7'],
  },
  {
    // "Cross the sea" is Israel's crossing, not the cross of Christ: the phrase takes the word from that topic.
    name: 'the crossing of the Red Sea',
    words: [
      'red sea',
      'cross the sea',
      'crossed the sea',
      'crossing the sea',
      'crossing of the sea',
      'parted the sea',
      'part the sea',
      'parting of the sea',
      'split the sea',
      'through the sea',
    ],
    passages: ['Exodus 14:21-22', 'Exodus 14:29-31', 'Hebrews 11:29', 'Psalms 106:9-11'],
  },
  {
    name: 'the end times and Revelation',
    words: ['revelation', 'apocalypse', 'end times', 'second coming', 'last days', 'rapture'],
    passages: ['Revelation 1:1-3', 'Revelation 21:1-4', 'Matthew 24:36', '1 Thessalonians 4:16-17'],
  },
];

/** Sayings often taken for Scripture, with what the Bible does say nearby. */
export const NOT_IN_THE_BIBLE: readonly { saying: RegExp; quoted: string; instead: string; passages: readonly string[] }[] = [
  {
    saying: /god helps those who help themselves/i,
    quoted: 'God helps those who help themselves',
    instead: 'The Bible speaks rather of God helping those who cannot help themselves.',
    passages: ['Romans 5:6', 'Psalms 46:1', 'Isaiah 41:13'],
  },
  {
    saying: /cleanliness is next to godliness/i,
    quoted: 'Cleanliness is next to godliness',
    instead: 'Scripture asks above all for a clean heart.',
    passages: ['Psalms 51:10', 'Matthew 23:25-26'],
  },
  {
    saying: /god works in mysterious ways/i,
    quoted: 'God works in mysterious ways',
    instead: 'The nearest words are about God’s ways being higher than ours.',
    passages: ['Isaiah 55:8-9', 'Romans 11:33'],
  },
  {
    saying: /this too shall pass/i,
    quoted: 'This too shall pass',
    instead: 'Scripture does say that present troubles are light and passing beside what is eternal.',
    passages: ['2 Corinthians 4:17-18', 'Psalms 30:5'],
  },
  {
    saying: /(god|he) (will not|won'?t|never) give (you|us) more than (you|we) can (handle|bear)/i,
    quoted: 'God won’t give you more than you can handle',
    instead: 'The verse people have in mind is about temptation, and about God making a way out.',
    passages: ['1 Corinthians 10:13', '2 Corinthians 12:9'],
  },
  {
    saying: /money is the root of all evil/i,
    quoted: 'Money is the root of all evil',
    instead: 'The verse says it is the love of money that is a root of evil.',
    passages: ['1 Timothy 6:10'],
  },
  {
    saying: /spare the rod,? spoil the child/i,
    quoted: 'Spare the rod, spoil the child',
    instead: 'The phrase is from a 17th-century poem; the proverb it echoes is worded differently.',
    passages: ['Proverbs 13:24'],
  },
];
