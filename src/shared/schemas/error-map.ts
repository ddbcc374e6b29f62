import { z } from 'zod';
import { MSG } from '../messages';

const V = MSG.validation;

/** Fields whose own rule message reads best whatever rule failed (the department select sent empty, a bad email). */
const FIELD_MESSAGES: Record<string, string> = {
  department: V.department,
  department_name: V.department,
  role: V.role,
  email: V.email,
  username: V.username,
  phone_number: V.phone,
  password: V.password,
};

type Issue = Parameters<NonNullable<Parameters<typeof z.config>[0]>['customError'] & {}>[0];

/** zod's default words ('Too small: expected string to have >=1 characters') as a person would say them. */
export function peopleMessage(iss: Issue): string {
  const field = [...(iss.path ?? [])].reverse().find((p) => typeof p === 'string');
  if (field && FIELD_MESSAGES[field]) return FIELD_MESSAGES[field];
  switch (iss.code) {
    case 'invalid_type':
      if (iss.input === undefined || iss.input === null || iss.input === '') return V.required;
      return iss.expected === 'number' || iss.expected === 'int' ? V.number : V.generic;
    case 'too_small': {
      const min = Number(iss.minimum);
      if (iss.origin === 'string') return min <= 1 ? V.required : V.tooShort(min);
      if (iss.origin === 'array' || iss.origin === 'set') return V.tooFew(min);
      if (iss.origin === 'date') return V.date;
      return V.atLeast(min);
    }
    case 'too_big': {
      const max = Number(iss.maximum);
      if (iss.origin === 'string') return V.tooLong(max);
      if (iss.origin === 'array' || iss.origin === 'set') return V.tooMany(max);
      return V.atMost(max);
    }
    case 'invalid_value':
    case 'invalid_union':
      return V.choose;
    case 'invalid_format':
      return iss.format === 'email' ? V.email : V.format;
    case 'not_multiple_of':
      return V.wholeNumber;
    case 'unrecognized_keys':
      return V.unknownField;
    default:
      return V.generic;
  }
}

/**
 * The one error map of every form and edge: a schema's own message wins (zod asks this map only for rules without
 * one), so every message a person can see is either written in src/shared/messages or made here from its words.
 * Installed by importing this module: every schema file of src/shared/schemas does.
 */
z.config({ customError: peopleMessage });
