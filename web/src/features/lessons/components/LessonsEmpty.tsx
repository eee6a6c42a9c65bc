import { GraduationCap } from 'lucide-react';

/** Spec §2: what the lessons show before there are any. */
export function LessonsEmpty() {
  return (
    <div className="card flex flex-col items-center gap-2 py-10 text-center">
      <GraduationCap aria-hidden size={32} className="text-orange-800 dark:text-orange-300" />
      <p className="font-serif text-lg font-semibold">New spiritual lessons coming soon</p>
      <p className="text-stone-700 dark:text-stone-300">Check back daily for inspiring content</p>
    </div>
  );
}
