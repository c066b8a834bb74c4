import { Switch } from '@mantine/core';
import { CLIENT_MODE_STORAGE_KEY } from '@portal/domain';
import { useCallback, useState } from 'react';

function readClientMode(): boolean {
  try {
    return window.sessionStorage.getItem(CLIENT_MODE_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * 'Modo cliente' (issue 15): while the screen faces the client, the builder and the receipt hide
 * internal figures (score, margin, budgets, margin warnings). Kept for the tab, so the receipt
 * opened from a builder in client mode stays in client mode; 'Sair' forgets it.
 */
export function useClientMode(): [boolean, (on: boolean) => void] {
  const [clientMode, setState] = useState(readClientMode);
  const setClientMode = useCallback((on: boolean) => {
    setState(on);
    try {
      if (on) window.sessionStorage.setItem(CLIENT_MODE_STORAGE_KEY, '1');
      else window.sessionStorage.removeItem(CLIENT_MODE_STORAGE_KEY);
    } catch {
      // Blocked storage: the mode holds for this page only.
    }
  }, []);
  return [clientMode, setClientMode];
}

/** The switch itself, the same on the builder and the receipt. */
export function ClientModeSwitch({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <Switch
      label="Modo cliente"
      description="Oculta score, margem e orçamentos"
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}
