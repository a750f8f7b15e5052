import { codePointLabel, type Gsm7Alternative } from '@tuma/messaging';
import { z } from 'zod';

/** `gsm7_alternative` of a quote and a bulk pre-check: why the text is UCS-2 and what it would cost in GSM-7 (docs/pricing.md). */
export const gsm7AlternativeObject = z.object({
    ucs2_characters: z
      .array(
        z.object({
          position: z.number().int().describe('0-based position in the text, in code points (Unicode scalar values)'),
          character: z.string(),
          code_point: z.string().describe('e.g. U+2019'),
          replacement: z.string().nullable().describe('Its GSM-7 look-alike (what smart encoding sends), "" when it is dropped, null when it has none'),
        }),
      )
      .describe('The characters outside GSM-7 that make the text UCS-2, in order (the first 100)'),
    ucs2_character_count: z.number().int().describe('How many there are in all'),
    gsm7_text: z.string().describe('The text with each of them replaced by its look-alike, or removed when it has none'),
    gsm7_segments: z.number().int().describe('Segments of gsm7_text'),
    gsm7_total_segments: z.number().int().describe('Segments of every priced recipient together, in GSM-7'),
    gsm7_total_cost: z.number().describe('What the priced recipients would cost in GSM-7, in the wallet currency'),
    saving: z.number().describe('total_cost minus gsm7_total_cost'),
  });

export const gsm7AlternativeSchema = gsm7AlternativeObject.nullable().describe('Only for UCS-2 text: what forced UCS-2 and the GSM-7 price; null for GSM-7');

export const gsm7AlternativeView = (alternative: Gsm7Alternative): z.infer<typeof gsm7AlternativeObject> => ({
    ucs2_characters: alternative.explanation.characters.map((c) => ({ position: c.position, character: c.character, code_point: codePointLabel(c.codePoint), replacement: c.replacement })),
    ucs2_character_count: alternative.explanation.count,
    gsm7_text: alternative.explanation.gsm7Text,
    gsm7_segments: alternative.explanation.gsm7.segments,
    gsm7_total_segments: alternative.totalSegments,
    gsm7_total_cost: alternative.totalCost.toNumber(),
    saving: alternative.saving.toNumber(),
  });
