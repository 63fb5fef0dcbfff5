import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { CardOfferView } from '../../../preload/contract';
import { getBridge } from '../bridge';
import { useBridgeCall } from './bridge-call';
import { onDehydrate } from './lifecycle';

/** Camera cards with new videos, as main offers them (`watched-folders:offers-changed`), and the answers. */
export const useCardOffersStore = defineStore('card-offers', () => {
  const offers = ref<CardOfferView[]>([]);
  const { busy, error, run } = useBridgeCall();
  let unsubscribe: (() => void) | undefined;

  onDehydrate(() => {
    offers.value = [];
    error.value = null;
  });

  async function listen(): Promise<void> {
    unsubscribe ??= getBridge().on('watched-folders:offers-changed', (next) => {
      offers.value = next;
    });
    const found = await run(() => getBridge().watchedFolders.cardOffers());
    if (found) offers.value = found;
  }

  async function answer(accept: boolean, remember: boolean): Promise<void> {
    const current = offers.value[0];
    if (!current) return;
    const done = await run(() => getBridge().watchedFolders.answerCard({ id: current.id, accept, remember }));
    if (done !== undefined) offers.value = offers.value.filter((offer) => offer.id !== current.id);
  }

  return { offers, busy, error, listen, answer };
});
