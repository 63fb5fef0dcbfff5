import { resolve } from 'node:path';
import { z } from 'zod';
import { JsonFile } from '../settings/json-file';

/** What the person said to remember per card (by its label): import without asking, or never ask. */
export type CardChoice = 'always' | 'never';

const schema = z.object({ cards: z.record(z.string().max(255), z.enum(['always', 'never'])).catch({}) });

export class CardChoices {
  private readonly file: JsonFile<typeof schema>;
  private cards: Record<string, CardChoice>;

  constructor(dataFolder: string) {
    this.file = new JsonFile(resolve(dataFolder, 'camera-cards.json'), schema, { cards: {} });
    this.cards = this.file.read().cards;
  }

  get(card: string): CardChoice | undefined {
    return Object.hasOwn(this.cards, card) ? this.cards[card] : undefined;
  }

  set(card: string, choice: CardChoice): void {
    this.cards = { ...this.cards, [card]: choice };
    this.file.write({ cards: this.cards });
  }
}
