import type { FastifyReply } from 'fastify';

/** The game servers' error answer: `{error: {code, message}}`. */
export const sendError = (reply: FastifyReply, status: number, code: string, message: string) => reply.code(status).send({ error: { code, message } });

export const isText = (value: unknown, max = 64): value is string => typeof value === 'string' && value.trim().length > 0 && value.length <= max;
