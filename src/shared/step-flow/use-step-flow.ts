import { useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError, isQueued } from '../api/errors';
import { projectReloaded } from '../api/project-revision';
import type { Mutation } from '../api/mutation';
import { useErrorText, type FieldLabelOf } from '../i18n/error-message';
import { showMessage } from '../ui/message-dialog';
import { showToast } from '../ui/toasts';
import type { UnsavedChangesGuardProps } from './unsaved-changes';

/** Steps that are URLs: the route names the current step and moving is navigating, so the phone's back button goes one step back. */
export interface StepUrls<S> {
  /** The step the route names (its `:step` parameter); anything not in `steps` is no step. */
  current: string | undefined;
  href(step: S): string;
  /** The start of every step's URL: moving between steps is not leaving the flow. */
  prefix: string;
}

/** What saving says and where it goes afterwards. */
export interface StepFlowSave {
  /** The success toast. */
  done: string;
  /** The title of the message saying why the server refused. */
  failed: string;
  /** Where the user lands once fresh data is loaded (the detail page, which then shows the new state). */
  then: string;
  /** Replace the flow's history entry (default false): the back button then skips the finished flow. */
  replace?: boolean;
  /** Names the fields of a refusal by their labels (else by their codes). */
  fieldLabel?: FieldLabelOf;
  /**
   * Takes the field errors of a refusal that the screen shows at their fields, and answers the
   * ones it cannot place; the message then says only those (none left: no message).
   */
  atFields?(
    fields: Readonly<Record<string, number[]>>,
    messages: Readonly<Record<string, string>>,
  ): Record<string, number[]>;
}

/** What a screen tells its flow. */
export interface StepFlowOptions<S> {
  /** The steps in order (the screen draws each). */
  steps: readonly S[];
  /** Steps as URLs (see StepUrls). Default: the step lives in the screen's state and the flow starts at the first. */
  urls?: StepUrls<S>;
  /** The user entered something that leaving would lose: leaving asks first, until saved. */
  hasChanges: boolean;
  /** The user chose to leave without saving (e.g. forget a stored draft). */
  onLeave?(): void;
  save: StepFlowSave;
}

/** What the flow gives its screen: the position, the moves, the save and the guard's settings. */
export interface StepFlow<S> {
  /** The current step; undefined when the route names none of the steps. */
  step: S | undefined;
  /** Its position in `steps` (-1: none). */
  index: number;
  isFirst: boolean;
  isLast: boolean;
  go(step: S): void;
  /** To the following step (nothing after the last). */
  next(): void;
  /** To the step before (nothing before the first). */
  back(): void;
  /** Saving is under way: buttons wait. */
  busy: boolean;
  /** Saved: the flow no longer holds the user, and the screen's state checks may let the new state pass. */
  done: boolean;
  /**
   * Saves: sends the mutation, then (once the server agreed) `onSaved`, the success toast, the
   * mutation's revalidation, and the way to `save.then`; a refusal is said in a message and
   * the user stays.
   */
  submit<I>(mutation: Mutation<I, unknown>, input: I, onSaved?: () => void): Promise<void>;
  /** Props of the screen's UnsavedChangesGuard (StepFlowScreen draws it). */
  guard: UnsavedChangesGuardProps;
}

/**
 * The one flow of the barcode screens that collect data in steps and save it (activation, edit,
 * tracking; pairing, linking and bulk screens compose it too): where the user is among the
 * steps, busy and done, submit -> toast -> revalidate -> navigate, and the unsaved-changes guard.
 * The screen keeps its own data (see useStepDraft) and draws its own steps.
 */
export function useStepFlow<S>({ steps, urls, hasChanges, onLeave, save }: StepFlowOptions<S>): StepFlow<S> {
  const navigate = useNavigate();
  const errorText = useErrorText();
  const { t } = useTranslation();
  const [stateIndex, setStateIndex] = useState(0);
  const [busy, setBusy] = useState(false);
  // The screen's latest save settings (its field labels follow a reloaded configuration).
  const latestSave = useRef(save);
  useLayoutEffect(() => {
    latestSave.current = save;
  });
  const [done, setDone] = useState(false);

  const index = urls ? steps.findIndex((s) => s === urls.current) : stateIndex;
  const step = urls ? steps[index] : steps[Math.min(index, steps.length - 1)];
  const moveTo = (target: number) => {
    const to = steps[target];
    if (to === undefined) return;
    if (urls) navigate(urls.href(to));
    else setStateIndex(target);
  };

  const submit = async <I>(mutation: Mutation<I, unknown>, input: I, onSaved?: () => void) => {
    setBusy(true);
    try {
      await mutation.send(input);
      setDone(true);
      onSaved?.();
      showToast('success', save.done);
      // Fresh data first, so the screen the user lands on shows the change at once.
      await mutation.revalidate(input);
      navigate(save.then, { replace: save.replace ?? false });
    } catch (error) {
      if (isQueued(error)) {
        // No answer: the write waits in the outbox, which sends it later. Saved, as far as the user goes.
        setDone(true);
        onSaved?.();
        showToast('info', t('queued', { ns: 'errors' }));
        navigate(save.then, { replace: save.replace ?? false });
      } else {
        // The refusal may come with a newer configuration (a field added meanwhile): its labels
        // are known once the project has reloaded and the screen has drawn it.
        await projectReloaded();
        const { atFields, fieldLabel } = latestSave.current;
        let shown = error;
        if (error instanceof ApiError && error.code === 'fields' && atFields) {
          const rest = atFields(error.fields, error.messages);
          // Every problem is shown at its field: no message on top.
          if (Object.keys(rest).length === 0) return;
          shown = new ApiError('fields', error.status, rest, undefined, undefined, error.messages);
        }
        showMessage({ title: save.failed, body: errorText(shown, (path) => fieldLabel?.(path)) });
      }
    } finally {
      setBusy(false);
    }
  };

  return {
    step,
    index,
    isFirst: index <= 0,
    isLast: index >= steps.length - 1,
    go: (target) => moveTo(steps.indexOf(target)),
    next: () => moveTo(index + 1),
    back: () => moveTo(index - 1),
    busy,
    done,
    submit,
    guard: { dirty: hasChanges && !done, allowPrefix: urls?.prefix, onLeave },
  };
}
