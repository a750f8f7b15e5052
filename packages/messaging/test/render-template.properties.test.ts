import { expect } from 'chai';
import fc from 'fast-check';
import { renderTemplate, templatePlaceholders, type TemplateVariables } from '../src/templates.ts';

// ---- Builders: a template as a list of parts, so the expected rendering is known by construction ----

type Part = { readonly kind: 'literal'; readonly text: string } | { readonly kind: 'placeholder'; readonly name: string; readonly before: string; readonly after: string };

/** One character of any kind: astral, lone surrogates, controls. */
const anyCharacter = fc.string({ unit: 'binary', minLength: 1, maxLength: 1 });
const NAME_CHARACTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-';
/** Names of the placeholder grammar, plus the keys every object inherits (no back door through the prototype). */
const nameArb = fc.oneof(
  fc.string({ unit: fc.constantFrom(...NAME_CHARACTERS), minLength: 1, maxLength: 10 }),
  fc.constantFrom('name', 'phone', 'Name', 'constructor', '__proto__', 'toString', 'hasOwnProperty'),
);
const paddingArb = fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0'), maxLength: 3 });
/** Any text without braces, including `$&`-style replacement patterns and astral characters. */
const literalArb = fc.string({ unit: fc.oneof(fc.constantFrom('$', '&', '\\', 'x', ' ', '😀', 'ß', 'ሰ'), anyCharacter), maxLength: 12 }).map((s) => s.replace(/[{}]/g, ''));
const partArb: fc.Arbitrary<Part> = fc.oneof(
  literalArb.map((text) => ({ kind: 'literal' as const, text })),
  fc.record({ kind: fc.constant('placeholder' as const), name: nameArb, before: paddingArb, after: paddingArb }),
);
const placeholderText = (part: Extract<Part, { kind: 'placeholder' }>): string => `{{${part.before}${part.name}${part.after}}}`;
const textOf = (parts: readonly Part[]): string => parts.map((p) => (p.kind === 'literal' ? p.text : placeholderText(p))).join('');
const namesOf = (parts: readonly Part[]): string[] => parts.flatMap((p) => (p.kind === 'placeholder' ? [p.name] : []));

/** Values may look like placeholders or replacement patterns: they must come out as they went in. */
const valueArb = fc.oneof(fc.string(), fc.constantFrom('{{name}}', '{{ phone }}', '$&', "$'", '$1', ''));

/** Some of the template's names (and some strangers) with values, as an own-property object. */
const templateWithVariables = fc.array(partArb, { maxLength: 12 }).chain((parts) =>
  fc
    .tuple(fc.subarray([...new Set(namesOf(parts))]), fc.array(nameArb, { maxLength: 3 }))
    .chain(([given, strangers]) => fc.tuple(...[...given, ...strangers].map((name) => valueArb.map((value) => [name, value] as const))))
    .map((entries) => ({ parts, variables: Object.fromEntries(entries) as TemplateVariables })),
);

const has = (variables: TemplateVariables, name: string): boolean => Object.hasOwn(variables, name);

describe('renderTemplate', () => {
  describe('properties', () => {
    it('renders each literal as is and each placeholder as its value, or as nothing when it has none', () => {
      fc.assert(
        fc.property(templateWithVariables, ({ parts, variables }) => {
          const expected = parts.map((p) => (p.kind === 'literal' ? p.text : has(variables, p.name) ? variables[p.name] : '')).join('');
          expect(renderTemplate(textOf(parts), variables).text).to.equal(expected);
        }),
      );
    });

    it('reports exactly the names without a value, each once, in order of first appearance', () => {
      fc.assert(
        fc.property(templateWithVariables, ({ parts, variables }) => {
          const expected = [...new Set(namesOf(parts).filter((name) => !has(variables, name)))];
          expect(renderTemplate(textOf(parts), variables).missing).to.deep.equal(expected);
        }),
      );
    });

    it('whitespace inside the braces does not matter', () => {
      fc.assert(
        fc.property(templateWithVariables, ({ parts, variables }) => {
          const tight = parts.map((p): Part => (p.kind === 'placeholder' ? { ...p, before: '', after: '' } : p));
          expect(renderTemplate(textOf(parts), variables)).to.deep.equal(renderTemplate(textOf(tight), variables));
        }),
      );
    });

    it('leaves a text without "{{" unchanged, with nothing missing, whatever the variables', () => {
      fc.assert(
        fc.property(
          fc.string({ unit: fc.oneof(anyCharacter, fc.constantFrom('{', '}', '{{', '}}', ' ')) }).filter((text) => !text.includes('{{')),
          fc.dictionary(nameArb, valueArb),
          (text, variables) => {
            expect(renderTemplate(text, variables)).to.deep.equal({ text, missing: [] });
          },
        ),
      );
    });

    it('with every placeholder given, nothing is missing, and rendering is one pass (values are not rendered again)', () => {
      fc.assert(
        fc.property(fc.array(partArb, { maxLength: 12 }), fc.string(), (parts, value) => {
          const all = Object.fromEntries(namesOf(parts).map((name) => [name, `{{${name}}}${value}`]));
          const rendered = renderTemplate(textOf(parts), all);
          expect(rendered.missing).to.deep.equal([]);
          const expected = parts.map((p) => (p.kind === 'literal' ? p.text : `{{${p.name}}}${value}`)).join('');
          expect(rendered.text).to.equal(expected);
        }),
      );
    });

    it('templatePlaceholders lists the distinct names in order of first appearance', () => {
      fc.assert(
        fc.property(fc.array(partArb, { maxLength: 12 }), (parts) => {
          expect(templatePlaceholders(textOf(parts))).to.deep.equal([...new Set(namesOf(parts))]);
        }),
      );
    });
  });

  describe('examples', () => {
    it('fills {{name}} and {{ phone }} and reports the unknown', () => {
      const rendered = renderTemplate('Hi {{name}}, {{ phone }} owes {{amount}} {{ amount }}.', { name: 'Amina', phone: '+254712345678' });
      expect(rendered).to.deep.equal({ text: 'Hi Amina, +254712345678 owes  .', missing: ['amount'] });
    });

    it('treats braces that are no placeholder as text', () => {
      expect(renderTemplate('{{}} {{first name}} { {x} } {x} {{{x}}}', { x: 'X' }).text).to.equal('{{}} {{first name}} { {x} } {x} {X}');
    });

    it('is case-sensitive and ignores inherited keys', () => {
      expect(renderTemplate('{{Name}}|{{constructor}}|{{toString}}', { name: 'a' })).to.deep.equal({ text: '||', missing: ['Name', 'constructor', 'toString'] });
    });
  });
});
