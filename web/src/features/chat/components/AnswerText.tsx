import type { AskReply } from '#common/contracts/ai.ts';
import { ScriptureMarkdown } from '../../../components/ScriptureMarkdown.tsx';

/**
 * An answer's Markdown, rendered without raw HTML. Each reference the server verified becomes a link
 * to the reader with the store's text as its title; a misquoted one says so; one not in Scripture is
 * already struck through by the server. Under it, what it was drawn from (which engine, which sources).
 */
export function AnswerText({ reply }: { reply: AskReply }) {
  return (
    <>
      <ScriptureMarkdown text={reply.response} references={reply.references} className="answer flex flex-col gap-3 leading-7" />
      {reply.sources && <p className="answer-sources text-sm text-stone-700 dark:text-stone-300">{reply.sources}</p>}
    </>
  );
}
