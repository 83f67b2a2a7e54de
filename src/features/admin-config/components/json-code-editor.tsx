import { useEffect, useRef } from 'react';
import {
  autocompletion,
  closeBrackets,
  closeBracketsKeymap,
  completionKeymap,
  type CompletionContext,
  type CompletionResult,
} from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import { suggestionsAt, type SchemaNode } from '../model/json-assist';
import type { JsonEditorProps } from './json-editor';

/**
 * The configuration's JSON in CodeMirror 6 (its own lazy chunk, loaded with the draft): line
 * numbers, JSON highlighting, the problems of the QA check underlined at their place, and
 * completion of property names and values from the configuration's JSON Schema (Ctrl+Space, or
 * as a name is typed). Tab is left to move the focus on (no keyboard trap).
 */
export default function JsonCodeEditor({
  value,
  onChange,
  schema,
  problems,
  labelId,
  describedBy,
  requiredText,
  jump,
}: JsonEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The latest props, read by the editor's callbacks (made once, with the view).
  const latest = useRef({ onChange, schema, requiredText });
  useEffect(() => {
    latest.current = { onChange, schema, requiredText };
  }, [onChange, schema, requiredText]);
  // The texts this editor sent up since the last change made elsewhere. The value that comes back
  // may be one typed a few keys ago (effects run after paint): it is not a change made elsewhere,
  // and putting it back would undo the keys typed since.
  const sent = useRef<string[]>([]);

  useEffect(() => {
    const complete = (context: CompletionContext): CompletionResult | null => {
      const word = context.matchBefore(/"?[\w$-]*"?/);
      if (!context.explicit && (!word || word.from === word.to)) return null;
      const { replaceFrom, replaceTo, options } = suggestionsAt(
        context.state.doc.toString(),
        context.pos,
        latest.current.schema as SchemaNode,
      );
      if (options.length === 0) return null;
      return {
        from: replaceFrom,
        to: replaceTo,
        // Matched against what is typed from `from`, the opening quote included: the label is the
        // JSON token (a name in its quotes), shown without them.
        options: options.map((o) => ({
          label: o.token,
          displayLabel: o.label,
          apply: o.insert,
          boost: o.required ? 1 : 0,
          type: o.property ? 'property' : 'constant',
          detail: o.required ? latest.current.requiredText : undefined,
          info: o.detail,
        })),
        validFor: /^"?[\w$-]*"?$/,
      };
    };
    const created = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          history(),
          closeBrackets(),
          bracketMatching(),
          indentOnInput(),
          json(),
          syntaxHighlighting(defaultHighlightStyle),
          autocompletion({ override: [complete] }),
          lintGutter(),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap]),
          EditorView.lineWrapping,
          // tabindex: the content is focusable as it is (contenteditable); said so, checkers such as
          // axe see that its scrolling region can be reached by keyboard, with no extra tab stop.
          EditorView.contentAttributes.of({
            'aria-labelledby': labelId,
            'aria-describedby': describedBy,
            'aria-multiline': 'true',
            spellcheck: 'false',
            tabindex: '0',
          }),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            const text = update.state.doc.toString();
            sent.current = [...sent.current.slice(-19), text];
            latest.current.onChange(text);
          }),
          EditorView.theme({
            '&': {
              fontSize: '12px',
              border: '1px solid var(--mantine-color-gray-5)',
              borderRadius: 'var(--mantine-radius-sm)',
              backgroundColor: 'var(--mantine-color-body)',
            },
            '&.cm-focused': { outline: '2px solid var(--mantine-color-blue-6)', outlineOffset: '1px' },
            '.cm-scroller': {
              fontFamily: 'ui-monospace, monospace',
              maxHeight: '60vh',
              minHeight: '12rem',
              overflow: 'auto',
            },
            '.cm-gutters': { color: 'var(--mantine-color-gray-7)' },
          }),
        ],
      }),
    });
    view.current = created;
    return () => created.destroy();
    // The view is made once (its first text and labels); later values come in through the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A change made elsewhere (the builder, a save): the editor shows it, keeping the cursor where it can.
  useEffect(() => {
    const current = view.current;
    if (!current || current.state.doc.toString() === value || sent.current.includes(value)) return;
    sent.current = [];
    const head = Math.min(current.state.selection.main.head, value.length);
    current.dispatch({
      changes: { from: 0, to: current.state.doc.length, insert: value },
      selection: { anchor: head },
    });
  }, [value]);

  useEffect(() => {
    const current = view.current;
    if (!current) return;
    const length = current.state.doc.length;
    const diagnostics: Diagnostic[] = problems
      .filter((p) => p.from <= length)
      .map((p) => ({ from: p.from, to: Math.min(p.to, length), severity: 'error', message: p.message }));
    current.dispatch(setDiagnostics(current.state, diagnostics));
  }, [problems]);

  // A problem picked in the list: the cursor goes to its place, in view.
  useEffect(() => {
    const current = view.current;
    if (!current || !jump) return;
    const at = Math.min(jump.offset, current.state.doc.length);
    current.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: 'center' }) });
    current.focus();
  }, [jump]);

  return <div ref={host} data-testid="config-json-editor" />;
}
