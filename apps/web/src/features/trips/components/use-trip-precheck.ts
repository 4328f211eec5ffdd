import type { DuplicateCheckRow } from '@milepost/contracts/trips-api';
import { useRef, useState } from 'react';

/**
 * The save's precheck question as a promise: `ask(rows)` shows the other trips with the number and
 * resolves with the user's answer (`answer(proceed)`, from the precheck dialog).
 */
export function useTripPrecheck() {
  const [precheck, setPrecheck] = useState<DuplicateCheckRow[] | null>(null);
  const precheckAnswer = useRef<((proceed: boolean) => void) | null>(null);

  const ask = (rows: DuplicateCheckRow[]) =>
    new Promise<boolean>((resolve) => {
      precheckAnswer.current = resolve;
      setPrecheck(rows);
    });
  const answer = (proceed: boolean) => {
    setPrecheck(null);
    precheckAnswer.current?.(proceed);
    precheckAnswer.current = null;
  };
  return { precheck, ask, answer };
}
