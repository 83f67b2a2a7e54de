/** One component of an AI's data field (GS1 Barcode Syntax Dictionary). */
export interface AiPart {
  /** N numeric, X CSET 82, Y CSET 39, Z CSET 64 (base64url). */
  cset: 'N' | 'X' | 'Y' | 'Z';
  min: number;
  max: number;
  /** Optional trailing component (default false). */
  optional?: boolean;
  /** Content checks ("linters") run on the component, by dictionary name. */
  linters?: string[];
}

/** One Application Identifier; absent flags and lists are false / empty. */
export interface AiEntry {
  ai: string;
  /** Predefined length: no FNC1 separator needed after it. */
  fixed?: boolean;
  /** May be a GS1 Digital Link data attribute (query parameter). */
  dlAttribute?: boolean;
  parts: AiPart[];
  /** Each list: one of its groups (all AIs of a group, patterns like 35nn) must be present. */
  req?: string[][][];
  /** AIs (or patterns) that may not appear with this one. */
  ex?: string[];
  /** A Digital Link primary key: its alternative ordered sequences of optional key qualifiers. */
  dlpkey?: string[][];
  title: string;
}

/** One element string: an AI and its value. */
export interface Gs1Element {
  ai: string;
  value: string;
}

/** Why GS1 data is refused; `ai` names the AI concerned (and `other` the second one of a pair). */
export type Gs1ProblemCode =
  | 'syntax'
  | 'unknownAi'
  | 'emptyValue'
  | 'tooShort'
  | 'tooLong'
  | 'badCharacter'
  | 'checkDigit'
  | 'badDate'
  | 'badTime'
  | 'badValue'
  | 'conflictingValues'
  | 'invalidPair'
  | 'missingAssociation'
  | 'keyQualifierOrder'
  | 'notDataAttribute'
  | 'belongsInPath'
  | 'serialRequired';

export interface Gs1Problem {
  code: Gs1ProblemCode;
  ai?: string;
  other?: string;
}

/** How the data was written. */
export type Gs1Syntax = 'elementString' | 'bracketed' | 'digitalLink';

export type Gs1Parse =
  | {
      status: 'ok';
      syntax: Gs1Syntax;
      /** All element strings in the order read (path then query for a Digital Link). */
      elements: Gs1Element[];
      /** The identification key (a Digital Link primary key), null when the data carries none. */
      primaryKey: Gs1Element | null;
      /** The key qualifiers of the primary key, in Digital Link order. */
      qualifiers: Gs1Element[];
      /** Every other element (data attributes and the rest). */
      attributes: Gs1Element[];
    }
  | { status: 'notGs1' }
  | { status: 'invalid'; syntax: Gs1Syntax; problems: Gs1Problem[] };
