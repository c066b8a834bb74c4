import { AI_MESSAGES, dictationFailedMessage } from '@portal/domain';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Dictation with the Web Speech API (SPEC sections 2, 4, 8): pt-BR, interim results shown as
 * they come and final ones appended to the field; one field at a time; stops when the page is
 * hidden or unloaded, and when the component goes away.
 */

interface RecognitionAlternative {
  transcript: string;
}
interface RecognitionResult {
  readonly isFinal: boolean;
  readonly length: number;
  readonly [index: number]: RecognitionAlternative;
}
interface RecognitionEvent {
  readonly resultIndex: number;
  readonly results: { readonly length: number; readonly [index: number]: RecognitionResult };
}
interface RecognitionErrorEvent {
  readonly error: string;
}
export interface Recognition {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  onresult: ((event: RecognitionEvent) => void) | null;
  onerror: ((event: RecognitionErrorEvent) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
export type RecognitionConstructor = new () => Recognition;

/** The browser's recognizer (Chrome and Safari prefix it), or null where there is none. */
export function recognitionConstructor(): RecognitionConstructor | null {
  const scope = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition ?? null;
}

/** Errors that mean the microphone is not ours to use. */
const PERMISSION_ERRORS = new Set(['not-allowed', 'service-not-allowed', 'audio-capture']);
/** Not failures: silence, or our own stop. */
const QUIET_ERRORS = new Set(['no-speech', 'aborted']);

export interface Dictation<F extends string> {
  /** The field being dictated, or null. */
  active: F | null;
  /** Words heard but not final yet (shown after the field's text). */
  interim: string;
  error: string | null;
  toggle(field: F): void;
  stop(): void;
}

export function useDictation<F extends string>(
  onFinal: (field: F, text: string) => void,
): Dictation<F> {
  const [active, setActive] = useState<F | null>(null);
  const [interim, setInterim] = useState('');
  const [error, setError] = useState<string | null>(null);
  const recognitionRef = useRef<Recognition | null>(null);
  const onFinalRef = useRef(onFinal);
  useEffect(() => {
    onFinalRef.current = onFinal;
  }, [onFinal]);

  const stop = useCallback(() => {
    const recognition = recognitionRef.current;
    recognitionRef.current = null;
    if (recognition) {
      recognition.onresult = null;
      recognition.onerror = null;
      recognition.onend = null;
      try {
        recognition.abort();
      } catch {
        // Already stopped.
      }
    }
    setActive(null);
    setInterim('');
  }, []);

  const toggle = useCallback(
    (field: F) => {
      if (active === field) {
        stop();
        return;
      }
      stop();
      setError(null);
      const Constructor = recognitionConstructor();
      if (!Constructor) {
        setError(AI_MESSAGES.speechUnavailable);
        return;
      }
      let recognition: Recognition;
      try {
        recognition = new Constructor();
        recognition.lang = 'pt-BR';
        recognition.interimResults = true;
        recognition.continuous = true;
        recognition.onresult = (event) => {
          let pending = '';
          for (let i = event.resultIndex; i < event.results.length; i++) {
            const result = event.results[i];
            const transcript = result?.[0]?.transcript.trim() ?? '';
            if (!result || transcript === '') continue;
            if (result.isFinal) onFinalRef.current(field, transcript);
            else pending = pending ? `${pending} ${transcript}` : transcript;
          }
          setInterim(pending);
        };
        recognition.onerror = (event) => {
          if (QUIET_ERRORS.has(event.error)) return;
          setError(
            PERMISSION_ERRORS.has(event.error)
              ? AI_MESSAGES.micDenied
              : dictationFailedMessage(event.error),
          );
        };
        recognition.onend = () => {
          if (recognitionRef.current === recognition) recognitionRef.current = null;
          setActive(null);
          setInterim('');
        };
        recognitionRef.current = recognition;
        recognition.start();
        setActive(field);
      } catch {
        recognitionRef.current = null;
        setActive(null);
        setError(AI_MESSAGES.dictationStartFailed);
      }
    },
    [active, stop],
  );

  // SPEC section 4: dictation stops when the page is hidden or unloaded.
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') stop();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', stop);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', stop);
      stop();
    };
  }, [stop]);

  return { active, interim, error, toggle, stop };
}
