import { NavLink, type NavLinkProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';

export interface DrawerLinkProps {
  to: string;
  label: string;
  icon: Icon;
  /** The current page (highlighted, and announced as such). */
  active: boolean;
  /** Closes the drawer on a phone once the link is followed. */
  onClick: () => void;
  variant?: NavLinkProps['variant'];
}

/** A link of a layout's side navigation (the admin sidebar, the professional drawer). */
export function DrawerLink({
  to,
  label,
  icon: LinkIcon,
  active,
  onClick,
  variant,
}: DrawerLinkProps) {
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      leftSection={<LinkIcon size={18} aria-hidden />}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onClick}
      variant={variant}
      fw={500}
    />
  );
}
