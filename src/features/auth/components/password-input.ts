// The password field in a module of its own: the login form loads it only for projects that ask for a password.
export { PasswordInput } from '@mantine/core';
