import { InMemoryFxRates } from '../src/testing/index.ts';
import { describeFxRatesContract } from '../src/testing/contracts.ts';

describeFxRatesContract('in-memory', async () => ({ fxRates: new InMemoryFxRates(), step: (work) => work() }));
