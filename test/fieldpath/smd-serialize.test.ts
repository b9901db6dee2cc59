import { describe, expect, it } from 'vitest';
import { decodeFieldsV1 } from '../../src/fieldpath/fieldsv1-decode.js';
import { encodeFieldsV1 } from '../../src/fieldpath/fieldsv1-encode.js';
import { errorOf } from '../support/ssa-error.js';

/**
 * structured-merge-diff v6.4.2 fieldpath/serialize_test.go: field sets as FieldsV1 bytes.
 * TestSerializeV1GoldenData (read and written back byte for byte), TestDeserializeForValidNonNormalized
 * (keys out of order, spaces inside keys' JSON, whitespace: the same set and the same bytes as the
 * normalized text), TestSetFromJSONTokenTypeErrors, TestSetFromJSON, TestDropUnknown. TestSerializeV1,
 * a round trip of 500 random sets, is `test/fieldpath/fieldsv1-properties.test.ts`.
 */

const golden: string[] = [
  '{"f:aaa":{},"f:aab":{},"f:aac":{},"f:aad":{},"f:aae":{},"f:aaf":{},"k:{\\"name\\":\\"first\\"}":{},"k:{\\"name\\":\\"second\\"}":{},"k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}":{},"k:{\\"port\\":443,\\"protocol\\":\\"udp\\"}":{},"v:1":{},"v:2":{},"v:3":{},"v:\\"aa\\"":{},"v:\\"ab\\"":{},"v:true":{},"i:1":{},"i:2":{},"i:3":{},"i:4":{}}',
  '{"f:aaa":{"k:{\\"name\\":\\"second\\"}":{"v:3":{"f:aab":{}}},"v:3":{},"v:true":{}},"f:aab":{"f:aaa":{},"f:aaf":{"k:{\\"port\\":443,\\"protocol\\":\\"udp\\"}":{"k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}":{}}},"k:{\\"name\\":\\"first\\"}":{}},"f:aac":{"f:aaa":{"v:1":{}},"f:aac":{},"v:3":{"k:{\\"name\\":\\"second\\"}":{}}},"f:aad":{"f:aac":{"v:1":{}},"f:aaf":{"k:{\\"name\\":\\"first\\"}":{"k:{\\"name\\":\\"first\\"}":{}}},"i:1":{"i:1":{},"i:3":{"v:true":{}}}},"f:aae":{"f:aae":{},"k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}":{"k:{\\"port\\":443,\\"protocol\\":\\"udp\\"}":{}},"i:4":{"f:aaf":{}}},"f:aaf":{"i:1":{"f:aac":{}},"i:2":{},"i:3":{}},"k:{\\"name\\":\\"first\\"}":{"f:aad":{"f:aaf":{}}},"k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}":{"f:aaa":{"f:aad":{}}},"k:{\\"port\\":443,\\"protocol\\":\\"udp\\"}":{"f:aac":{},"k:{\\"name\\":\\"first\\"}":{"i:3":{}},"k:{\\"port\\":443,\\"protocol\\":\\"udp\\"}":{"i:4":{}}},"v:1":{"f:aac":{"i:4":{}},"f:aaf":{},"k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}":{}},"v:2":{"f:aad":{"f:aaf":{}},"i:1":{}},"v:3":{"f:aaa":{},"k:{\\"name\\":\\"first\\"}":{},"i:2":{}},"v:\\"aa\\"":{"f:aab":{"f:aaf":{}},"f:aae":{},"k:{\\"name\\":\\"first\\"}":{"f:aad":{}},"i:2":{}},"v:\\"ab\\"":{"f:aaf":{"i:4":{}},"k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}":{},"k:{\\"port\\":443,\\"protocol\\":\\"udp\\"}":{},"v:1":{"k:{\\"port\\":443,\\"protocol\\":\\"udp\\"}":{}},"i:1":{"f:aae":{"i:4":{}}}},"v:true":{"k:{\\"name\\":\\"second\\"}":{"f:aaa":{}},"i:2":{"k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}":{}}},"i:1":{"i:3":{"f:aaf":{}}},"i:2":{"f:aae":{},"k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}":{"v:1":{}}},"i:3":{"f:aab":{"v:true":{"v:\\"aa\\"":{}}},"f:aaf":{},"i:1":{}},"i:4":{"v:\\"aa\\"":{"f:aab":{"k:{\\"name\\":\\"second\\"}":{}}}}}',
  '{"f:spec":{".":{},"f:apps":{".":{},"k:{\\"name\\":\\" app-💻\\"}":{".":{},"f:container":{".":{},"f:image":{},"f:name":{},"f:ports":{".":{},"k:{\\"name\\":\\"port 🔑\\"}":{".":{},"f:containerPort":{},"f:name":{}}}},"f:name":{}},"k:{\\"name\\":\\" app-🚀\\"}":{".":{},"f:container":{".":{},"f:image":{},"f:name":{},"f:ports":{".":{},"k:{\\"name\\":\\"port-✅ \\"}":{".":{},"f:containerPort":{},"f:name":{}}}},"f:name":{}}}}}',
];

const notNormalized: { written: string; normalized: string }[] = [
  { written: `{
  "f:aad": {},
  "f:aaa": {},
  "f:aab": {},
  "f:aac": {},
  "f:aae": {},
  "f:aaf": {},


  "k:{\\"name\\":\\"first\\"}": {},
  "k:{\\"name\\":\\"second\\"}": {},
  "k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}": {},
  "k:{ \\"protocol\\":\\"udp\\",\\"port\\":443}": {},
  "v:1": {},

  "v:2": {},
  "v: 3": {},
  "v:\\"aa\\"": {},

  "v:\\"ab\\"": {},
  "v:true": {},
  "i:1": {},
  	"i:2": {},
  "i:3": {}  ,
  "i:4":    {}
}`,
    normalized: '{"f:aaa":{},"f:aab":{},"f:aac":{},"f:aad":{},"f:aae":{},"f:aaf":{},"k:{\\"name\\":\\"first\\"}":{},"k:{\\"name\\":\\"second\\"}":{},"k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}":{},"k:{\\"port\\":443,\\"protocol\\":\\"udp\\"}":{},"v:1":{},"v:2":{},"v:3":{},"v:\\"aa\\"":{},"v:\\"ab\\"":{},"v:true":{},"i:1":{},"i:2":{},"i:3":{},"i:4":{}}' },
  { written: `{
  "f:aaa": {
    "k:{\\"name\\":\\"second\\"}": {
      "v:3": {
        "f:aab": {}
      }
    },
    "v:3": {},
    "v:true": {}
  },
  "f:aab": {
    "f:aaa": {},
    "f:aaf": {
      "k:{\\"port\\":443,\\"protocol\\":\\"udp\\"}": {
        "k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}": {}
      }
    },
    "k:{\\"name\\":\\"first\\"}": {}
  },
  "f:aac": {
    "f:aaa": {
      "v:1": {}
    },
    "f:aac": {},
    "v:3": {
      "k:{\\"name\\":\\"second\\"}": {}
    }
  },
  "f:aad": {
    "f:aac": {
      "v:1": {}
    },
    "f:aaf": {
      "k:{\\"name\\":\\"first\\"}": {
        "k:{\\"name\\":\\"first\\"}": {}
      }
    },
    "i:1": {
      "i:1": {},
      "i:3": {
        "v:true": {}
      }
    }
  },
  "f:aae": {
    "f:aae": {},
    "k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}": {
      "k:{\\"port\\":443,\\"protocol\\":\\"udp\\"}": {}
    },
    "i:4": {
      "f:aaf": {}
    }
  },
  "f:aaf": {
    "i:1": {
      "f:aac": {}
    },
	"i:3": {},
    "i:2": {}
  },
  "k:{\\"name\\":\\"first\\"}": {
    "f:aad": {
      "f:aaf": {}
    }
  },
  "k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}": {
    "f:aaa": {
      "f:aad": {}
    }
  },
  "k:{\\"port\\":443,\\"protocol\\":\\"udp\\"}": {
    "f:aac": {},
    "k:{\\"name\\":\\"first\\"}": {
      "i:3": {}
    },
    "k:{\\"port\\":443,\\"protocol\\":\\"udp\\"}": {
      "i:4": {}
    }
  },
   "v:2": {
    "f:aad": {
      "f:aaf": {}
    },
    "i:1": {}
  },
  "v:1": {
    "f:aac": {
      "i:4": {}
    },
    "f:aaf": {},
    "k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}": {}
  },
  "v:3": {
    "f:aaa": {},
    "k:{\\"name\\":\\"first\\"}": {},
    "i:2": {}
  },
  "v:\\"aa\\"": {
    "f:aab": {
      "f:aaf": {}
    },
    "f:aae": {},
    "k:{\\"name\\":\\"first\\"}": {
      "f:aad": {}
    },
    "i:2": {}
  },
  "v:\\"ab\\"": {
    "f:aaf": {
      "i:4": {}
    },
    "k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}": {},
    "k:{\\"port\\":443,\\"protocol\\":\\"udp\\"}": {},
    "v:1": {
      "k:{\\"port\\":443,\\"protocol\\":\\"udp\\"}": {}
    },
    "i:1": {
      "f:aae": {
        "i:4": {}
      }
    }
  },
  
  "v:true": {
    "k:{\\"name\\":\\"second\\"}": {
      "f:aaa": {}
    },
    "i:2": {
      "k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}": {}
    }
  },

  
  "i:1": {
    "i:3": {
      "f:aaf": {}
    }
  },

  "i:3": {
    "f:aab": {
      "v:true": {
        "v:\\"aa\\"": {}
      }
    },
    "f:aaf": {},
    "i:1": {}
  },

  "i:2": {
    "f:aae": {},
    "k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}": {
      "v:1": {}
    }
  },

  "i:4": {
    "v:\\"aa\\"": {
      "f:aab": {
        "k:{\\"name\\":\\"second\\"}": {}
      }
    }
  }
}`,
    normalized: '{"f:aaa":{"k:{\\"name\\":\\"second\\"}":{"v:3":{"f:aab":{}}},"v:3":{},"v:true":{}},"f:aab":{"f:aaa":{},"f:aaf":{"k:{\\"port\\":443,\\"protocol\\":\\"udp\\"}":{"k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}":{}}},"k:{\\"name\\":\\"first\\"}":{}},"f:aac":{"f:aaa":{"v:1":{}},"f:aac":{},"v:3":{"k:{\\"name\\":\\"second\\"}":{}}},"f:aad":{"f:aac":{"v:1":{}},"f:aaf":{"k:{\\"name\\":\\"first\\"}":{"k:{\\"name\\":\\"first\\"}":{}}},"i:1":{"i:1":{},"i:3":{"v:true":{}}}},"f:aae":{"f:aae":{},"k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}":{"k:{\\"port\\":443,\\"protocol\\":\\"udp\\"}":{}},"i:4":{"f:aaf":{}}},"f:aaf":{"i:1":{"f:aac":{}},"i:2":{},"i:3":{}},"k:{\\"name\\":\\"first\\"}":{"f:aad":{"f:aaf":{}}},"k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}":{"f:aaa":{"f:aad":{}}},"k:{\\"port\\":443,\\"protocol\\":\\"udp\\"}":{"f:aac":{},"k:{\\"name\\":\\"first\\"}":{"i:3":{}},"k:{\\"port\\":443,\\"protocol\\":\\"udp\\"}":{"i:4":{}}},"v:1":{"f:aac":{"i:4":{}},"f:aaf":{},"k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}":{}},"v:2":{"f:aad":{"f:aaf":{}},"i:1":{}},"v:3":{"f:aaa":{},"k:{\\"name\\":\\"first\\"}":{},"i:2":{}},"v:\\"aa\\"":{"f:aab":{"f:aaf":{}},"f:aae":{},"k:{\\"name\\":\\"first\\"}":{"f:aad":{}},"i:2":{}},"v:\\"ab\\"":{"f:aaf":{"i:4":{}},"k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}":{},"k:{\\"port\\":443,\\"protocol\\":\\"udp\\"}":{},"v:1":{"k:{\\"port\\":443,\\"protocol\\":\\"udp\\"}":{}},"i:1":{"f:aae":{"i:4":{}}}},"v:true":{"k:{\\"name\\":\\"second\\"}":{"f:aaa":{}},"i:2":{"k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}":{}}},"i:1":{"i:3":{"f:aaf":{}}},"i:2":{"f:aae":{},"k:{\\"port\\":443,\\"protocol\\":\\"tcp\\"}":{"v:1":{}}},"i:3":{"f:aab":{"v:true":{"v:\\"aa\\"":{}}},"f:aaf":{},"i:1":{}},"i:4":{"v:\\"aa\\"":{"f:aab":{"k:{\\"name\\":\\"second\\"}":{}}}}}' },
];

const refused: [string, string][] = [
  ['rootArray', '[]'],
  ['rootNumber', '42'],
  ['rootString', '"hi"'],
  ['empty', ''],
  ['whitespaceOnly', '   '],
  ['numberAsKey', '{1:{}}'],
  ['trailingCommaAfterEntry', '{"f:a":{},}'],
  ['closedBeforeColon', '{"f:a" }:{}}'],
  ['closedBeforeValue', '{"f:a":}'],
  ['valueIsNumber', '{"f:a":1}'],
  ['valueIsArray', '{"f:a":[]}'],
  ['valueOpenedAsArrayClosedAsObject', '{"f:a":[}'],
  ['valueOpenedAsObjectClosedAsArray', '{"f:a":{]}'],
  ['doubleCommaBetweenEntries', '{"f:a":{},,"f:b":{}}'],
  ['missingCommaBetweenEntries', '{"f:a":{} "f:b":{}}'],
  ['doubleColonAfterKey', '{"f:a"::{}}'],
  ['colonWithoutKey', '{:1}'],
  ['keyWithoutColon', '{"f:a"}'],
  ['leadingCommaInsideValue', '{"f:a":{,}}'],
  ['bareCloseBrace', '}'],
  ['keyEmptyString', '{"":{}}'],
  ['keyMissingColon', '{"x":{}}'],
  ['keyOnlyColon', '{":":{}}'],
  ['unclosedAfterOpen', '{'],
  ['unclosedAfterValue', '{"f:a":{}'],
  ['unclosedAfterTrailingComma', '{"f:a":{},'],
  ['truncatedOpenQuoteOnly', '{"'],
  ['truncatedKeyTypeOnly', '{"f'],
  ['truncatedKeySeparator', '{"f:'],
  ['truncatedKeyNoCloseQuote', '{"f:a'],
  ['truncatedAfterKey', '{"f:a"'],
  ['truncatedAfterColon', '{"f:a":'],
  ['truncatedAfterNestedOpen', '{"f:a":{'],
  ['truncatedAfterNestedKey', '{"f:a":{"f:b"'],
  ['truncatedAfterNestedColon', '{"f:a":{"f:b":'],
  ['truncatedAfterNestedValue', '{"f:a":{"f:b":{}'],
  ['truncatedAfterNestedComma', '{"f:a":{"f:b":{},'],
  ['truncatedKeyWithEscape', '{"f:a\\'],
  ['truncatedKeyInsideUnicodeEscape', '{"f:\\u00'],
  ['truncatedAtSecondKey', '{"f:a":{}, "f'],
  ['truncatedAtSecondKeyClose', '{"f:a":{}, "f:b'],
  ['trailingCloseBrace', '{"f:a":{}}}'],
  ['trailingObject', '{"f:a":{}}{}'],
  ['trailingString', '{"f:a":{}}"string"'],
  ['trailingNumber', '{"f:a":{}}42'],
  ['trailingWhitespaceThenCloseBrace', '{"f:a":{}}  }'],
  ['trailingWhitespaceThenObject', '{"f:a":{}}  {}'],
  ['trailingWhitespaceThenString', '{"f:a":{}}  "x"'],
  ['trailingWhitespaceThenNumber', "{\"f:a\":{}}\n42"],
];

const accepted: [string, string][] = [
  ['trailingSpace', '{"f:a":{}} '],
  ['trailingTab', "{\"f:a\":{}}\t"],
  ['trailingNewline', "{\"f:a\":{}}\n"],
  ['trailingCarriageReturn', "{\"f:a\":{}}\r"],
  ['trailingMultipleSpaces', '{"f:a":{}}     '],
  ['trailingMixedWhitespace', "{\"f:a\":{}} \t\n\r "],
  ['leadingSpace', ' {"f:a":{}}'],
  ['leadingTab', "\t{\"f:a\":{}}"],
  ['leadingNewline', "\n{\"f:a\":{}}"],
  ['leadingCarriageReturn', "\r{\"f:a\":{}}"],
  ['leadingMultipleSpaces', '     {"f:a":{}}'],
  ['leadingMixedWhitespace', " \t\n\r {\"f:a\":{}}"],
  ['surroundingMixedWhitespace', " \t\n\r {\"f:a\":{}} \t\n\r "],
  ['whitespaceAroundEmptySet', '  {}  '],
  ['whitespaceBetweenTokens', '{ "f:a" : {} }'],
  ['whitespaceBeforeKey', `{
	"f:a":{}}`],
  ['whitespaceAfterColon', '{"f:a":     {}}'],
  ['bareNull', 'null'],
  ['nullWithSurroundingWhitespace', ' null '],
];

describe('fieldpath/serialize_test.go: field sets as FieldsV1 bytes', () => {
  it.each(golden)('writes back what it read: %s', (text) => {
    expect(encodeFieldsV1(decodeFieldsV1(text))).toBe(text);
  });

  it.each(notNormalized)('reads a text not in normal form as its normal form', ({ written, normalized }) => {
    const set = decodeFieldsV1(written);
    expect(encodeFieldsV1(set)).toBe(normalized);
    expect(set.equals(decodeFieldsV1(normalized))).toBe(true);
  });

  it.each(refused)('refuses %s: %j', (_name, text) => {
    expect(errorOf(() => decodeFieldsV1(text)).code).toBe('FIELDSV1_PARSE');
  });

  it.each(accepted)('accepts %s: %j', (_name, text) => {
    expect(['{}', '{"f:a":{}}']).toContain(encodeFieldsV1(decodeFieldsV1(text)));
  });

  it('drops an element of an unknown kind, with what is below it', () => {
    expect(encodeFieldsV1(decodeFieldsV1('{"f:aaa":{},"r:aab":{}}'))).toBe('{"f:aaa":{}}');
  });
});
