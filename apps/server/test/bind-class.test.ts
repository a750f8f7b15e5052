import { token } from '@tuma/kernel';
import { expect } from 'chai';
import { Container, ContainerModule } from 'inversify';
import { bindClass } from '../src/bind-class.ts';
import { resolve } from '../src/resolve.ts';

interface Greeting {
  readonly text: string;
}
class Greeter {
  constructor(
    readonly greeting: Greeting,
    readonly times: number,
  ) {}
  greet(): string {
    return this.greeting.text.repeat(this.times);
  }
}

const T = { greeting: token<Greeting>('test.Greeting'), times: token<number>('test.Times'), greeter: token<Greeter>('test.Greeter') };

describe('bindClass', () => {
  it('builds the class from the tokens of its parameters, once in a singleton-scoped container (as the server uses)', async () => {
    const container = new Container({ defaultScope: 'Singleton' }); // as the server's
    await container.load(
      new ContainerModule(({ bind }) => {
        bind(T.greeting).toConstantValue({ text: 'habari ' });
        bind(T.times).toConstantValue(2);
        bindClass(bind, T.greeter, Greeter, [T.greeting, T.times]);
      }),
    );
    expect(resolve(container, T.greeter).greet()).to.equal('habari habari ');
    expect(resolve(container, T.greeter)).to.equal(resolve(container, T.greeter));
  });

  it('does not compile with a dependency of the wrong type, in the wrong order or missing (checked by npm run typecheck)', () => {
    const bindings = new ContainerModule(({ bind }) => {
      // @ts-expect-error the parameters are (Greeting, number), not (number, Greeting)
      bindClass(bind, T.greeter, Greeter, [T.times, T.greeting]);
      // @ts-expect-error one dependency missing
      bindClass(bind, T.greeter, Greeter, [T.greeting]);
    });
    expect(bindings).to.be.instanceOf(ContainerModule);
  });
});
