import { describeQuietHoursStoresContract } from '../src/testing/contracts.ts';
import { InMemoryQuietHoursCatalogue, InMemorySmsSettings } from '../src/testing/index.ts';

describeQuietHoursStoresContract('in memory', async () => ({
  catalogue: new InMemoryQuietHoursCatalogue(),
  settings: new InMemorySmsSettings(),
  accountIds: ['acc_a', 'acc_b'],
  step: (work) => work(),
}));
