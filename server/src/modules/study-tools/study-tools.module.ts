import type { SelahModule } from '../../lib/module/module.ts';
import { CrossReferences } from '../../scripture/cross-references/cross-references.ts';
import { InstalledCommentaries } from './installed-commentaries.ts';
import { InstalledTopics } from './installed-topics.ts';
import { InstalledCrossReferences } from './installed-cross-references.ts';
import { StrongsLexicons } from './strongs-lexicons.ts';
import { BibleDictionaries } from './bible-dictionaries.ts';
import { studyToolsRoutes } from './study-tools.routes.ts';
import { StudyToolsService } from './study-tools.service.ts';

declare module '../../lib/module/module.ts' {
  interface Services {
    /** The npm cross-references, counted once for every module that ranks or lists them. */
    crossReferences: CrossReferences;
    /** The installed Strong's lexicons and commentaries, opened once for the study panel and the AI's answers. */
    studyReaders: { lexicons: StrongsLexicons; commentaries: InstalledCommentaries };
  }
}

/** The study panel's tools beside its notes: installed commentaries, cross references, Strong's word study, Bible dictionaries and the topical index (issue 30 §3). */
export const studyToolsModule: SelahModule = {
  name: 'study-tools',
  async setup({ server, config, log, use, provide, on }) {
    const commentaries = new InstalledCommentaries(config, log);
    const lexicons = new StrongsLexicons(config, log);
    const dictionaries = new BibleDictionaries(config, log);
    const topics = new InstalledTopics(config, log);
    const crossReferences = new InstalledCrossReferences(config, log);
    const npmCrossReferences = new CrossReferences();
    // Every library change in this process (an install, a removal, another process's seen by the sync) says so.
    // Search reads the topical indexes' "See …" entries as stand-ins for words (set up before this module).
    const search = use('search');
    search.useTopics(topics);
    on('pages-changed', () => {
      commentaries.forget();
      lexicons.forget();
      dictionaries.forget();
      topics.forget();
      crossReferences.forget();
      search.topicsChanged();
    });
    await server.register(
      studyToolsRoutes(new StudyToolsService(use('bible'), commentaries, npmCrossReferences, lexicons, dictionaries, topics, crossReferences)),
    );
    provide('crossReferences', npmCrossReferences);
    provide('studyReaders', { lexicons, commentaries });
  },
};
