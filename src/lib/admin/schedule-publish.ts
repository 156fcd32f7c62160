import {
  type CollectionSlug,
  docAccessOperation,
  docAccessOperationGlobal,
  Forbidden,
  type PayloadRequest,
  type SchedulePublishTaskInput,
  type ServerFunction,
} from 'payload'
import {
  type SchedulePublishHandlerArgs,
  schedulePublishHandler,
} from '@payloadcms/ui/utilities/schedulePublishHandler'

type Target = Pick<SchedulePublishTaskInput, 'doc' | 'global'>

/** Whether the user may publish the document or global: the rule REST's update applies. */
const mayPublish = async (req: PayloadRequest, { doc, global }: Target): Promise<boolean> => {
  const data = { _status: 'published' }
  if (doc) {
    const collection = req.payload.collections[doc.relationTo as CollectionSlug]
    if (!collection) return false
    return Boolean((await docAccessOperation({ id: doc.value, collection, data, req })).update)
  }
  const globalConfig = req.payload.config.globals.find(({ slug }) => slug === global)
  if (!globalConfig) return false
  return Boolean((await docAccessOperationGlobal({ data, globalConfig, req })).update)
}

/**
 * The admin's schedule-publish server action. Payload's own handler checks only that the user may
 * open the admin, then queues (and with `deleteID` deletes) scheduled-publish jobs for any document:
 * here the user must be allowed to publish the document it schedules and the one a removed job
 * would have published, as publishing over REST requires. Anything else answers 403.
 */
export const schedulePublish: ServerFunction<SchedulePublishHandlerArgs> = async (args) => {
  const { req, deleteID } = args
  if (!(await mayPublish(req, args))) throw new Forbidden(req.t)
  if (deleteID !== undefined) {
    const job = await req.payload.db.findOne({
      collection: 'payload-jobs',
      where: { id: { equals: deleteID }, taskSlug: { equals: 'schedulePublish' } },
      req,
    })
    const input = (job as { input?: Target } | null)?.input
    if (input && !(await mayPublish(req, input))) throw new Forbidden(req.t)
  }
  return schedulePublishHandler(args)
}
