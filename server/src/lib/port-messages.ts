import type { MessagePort } from 'node:worker_threads';

/** The next message on a port; rejects if the port closes first (the other side ended or died). */
export function receive<T>(port: MessagePort): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: T) => {
      port.off('close', onClose);
      resolve(message);
    };
    const onClose = () => {
      port.off('message', onMessage);
      reject(new Error('The worker went away before it answered.'));
    };
    port.once('message', onMessage);
    port.once('close', onClose);
  });
}
