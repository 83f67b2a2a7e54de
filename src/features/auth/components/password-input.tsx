// The password field in a module of its own: the login form loads it only for projects that ask for a password.
import { useLayoutEffect, useRef } from 'react';
import { PasswordInput as MantinePasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTypedEarly } from './typed-early';

/** Mantine's password field, which also hands over a password typed into the server's drawn field before the client took it over. */
export function PasswordInput({
  onTypedEarly,
  onHere,
  ...props
}: PasswordInputProps & {
  onTypedEarly?(password: string): void;
  /** Called once the field is the client's (drawn by it, or hydrated): it then answers the user. */
  onHere?(): void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useTypedEarly([ref], [typeof props.value === 'string' ? props.value : ''], ([typed = '']) => onTypedEarly?.(typed));
  const here = useRef(onHere);
  useLayoutEffect(() => here.current?.(), []);
  return <MantinePasswordInput ref={ref} {...props} />;
}
