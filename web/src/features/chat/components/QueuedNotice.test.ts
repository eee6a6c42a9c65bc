import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QueuedNotice } from './QueuedNotice.tsx';

describe('the notice of a question waiting for the AI model', () => {
  it('is a polite live status that says the place in line', () => {
    const html = renderToStaticMarkup(createElement(QueuedNotice, { place: 2 }));
    expect(html).toMatch(/^<p [^>]*role="status" aria-live="polite">/);
    expect(html.replace(/<[^>]+>/g, '').trim()).toBe('You are 2nd in line for the AI model…');
  });
});
