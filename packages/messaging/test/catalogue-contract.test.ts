import { InMemoryCatalogue } from '../src/testing/index.ts';
import { describeCatalogueContract } from '../src/testing/contracts.ts';

describeCatalogueContract('in-memory', async () => ({
  catalogue: new InMemoryCatalogue({ markets: [], routes: [], senderIdFees: [] }),
  step: (work) => work(),
}));
