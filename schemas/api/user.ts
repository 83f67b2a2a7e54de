import { Type, type Static } from 'typebox';
import { envelope, Id, NameText } from '../common';
import {
  ACCESS_CODE_PATTERN,
  NAME_MAX_LENGTH,
  ONE_TIME_PASSCODE_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_PATTERN,
  UUID_PATTERN_SOURCE,
  VISITOR_ID_PATTERN,
} from '../validation';
import { USER_TYPES } from '../project-config';
import { Address } from './barcode';

const VisitorId = Type.String({ pattern: VISITOR_ID_PATTERN });

/** POST /user/authorize: log in to a project with an access code, plus the password and one-time code when needed. */
export const AuthorizeBody = Type.Object(
  {
    projectId: Type.String({ pattern: UUID_PATTERN_SOURCE }),
    accessCode: Type.String({ pattern: ACCESS_CODE_PATTERN }),
    // Any string up to a bound: PASSWORD_PATTERN applies when a password is set, not when one is
    // typed, so a wrong password is 'invalid password', not a format error.
    password: Type.Optional(Type.String({ maxLength: 128 })),
    oneTimePasscode: Type.Optional(Type.String({ pattern: ONE_TIME_PASSCODE_PATTERN })),
    visitorId: VisitorId,
  },
  { additionalProperties: false },
);
export type AuthorizeBody = Static<typeof AuthorizeBody>;

export const UserType = Type.Enum(USER_TYPES);

export const User = Type.Object({
  id: Id,
  userType: UserType,
  organizationId: Id,
  firstName: Type.String(),
  lastName: Type.String(),
  fullName: Type.String(),
});
export type User = Static<typeof User>;

export const Organization = Type.Object({
  id: Id,
  name: Type.String(),
  enterpriseId: Id,
  enterpriseName: Type.String(),
});
export type Organization = Static<typeof Organization>;

export const Profile = Type.Object({ user: User, organization: Organization });
export type Profile = Static<typeof Profile>;
export const ProfileResponse = envelope(Profile);

export const AuthorizeResponse = envelope(Type.Object({ user: User }));

/** POST /user/carrier-user/self: a carrier registers itself in a project that allows it; answers its access code. */
export const RegisterBody = Type.Object(
  {
    projectId: Type.String({ pattern: UUID_PATTERN_SOURCE }),
    firstName: NameText(NAME_MAX_LENGTH),
    lastName: NameText(NAME_MAX_LENGTH),
    password: Type.Optional(Type.String({ maxLength: PASSWORD_MAX_LENGTH, pattern: PASSWORD_PATTERN })),
    visitorId: VisitorId,
  },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;
export const RegisterResponse = envelope(Type.Object({ accessCode: Type.String({ pattern: ACCESS_CODE_PATTERN }) }));

/** POST /user/refresh-token and POST /user/logout. */
export const VisitorBody = Type.Object({ visitorId: VisitorId }, { additionalProperties: false });
export type VisitorBody = Static<typeof VisitorBody>;

/** GET /user/address: saved addresses, and those used in the user's past activations (newest first, at most 20). */
export const AddressesResponse = envelope(
  Type.Object({ addressBook: Type.Array(Address), history: Type.Array(Address) }),
);
